"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    got = amount(read('km_total.txt'), 'km')
    ok(got == 42.2, got)
    ok(lines(read('marathon_km.py')) == ['MILES = 26.2', 'print(round(MILES * 1.609344, 1))'], 'marathon_km.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
