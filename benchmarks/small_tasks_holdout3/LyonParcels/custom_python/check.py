"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('lyon_count.txt'), 'parcels') == 3, read('lyon_count.txt'))
    ok(lines(read('parcels.csv')) == ['parcel,destination', 'P-01,Lyon', 'P-02,Nantes', 'P-03,Lyon', 'P-04,Lille', 'P-05,Lyon', 'P-06,Nantes', 'P-07,Dijon'], 'parcels.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
