"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('parcel_total.txt'), 'rows', 'parcels') == 5, read('parcel_total.txt'))
    ok(lines(read('parcels_sent.csv')) == ['tracking,dest', 'TR100,Oslo', 'TR101,Bergen', 'TR102,Oslo', 'TR103,Tromso', 'TR104,Stavanger'], 'parcels_sent.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
