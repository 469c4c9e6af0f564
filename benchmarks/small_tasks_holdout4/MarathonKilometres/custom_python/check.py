"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('marathon_km.txt'), 'km') == 42.16, read('marathon_km.txt'))
    ok(lines(read('miles_to_km.py')) == ['import sys', 'miles = float(sys.argv[1])', "print(f'{miles * 1.609344:.2f} km')"], 'miles_to_km.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
