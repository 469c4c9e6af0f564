"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('leap_2028.txt')) == 'leap year', 'wrong value')
    ok(lines(read('leap_check.py')) == ['import sys', 'y = int(sys.argv[1])', "print('leap year' if y % 4 == 0 and (y % 100 or y % 400 == 0) else 'not a leap year')"], 'leap_check.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
