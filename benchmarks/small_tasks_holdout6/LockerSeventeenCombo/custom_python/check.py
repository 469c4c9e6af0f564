"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('combo.txt')) == '8-02-33', read('combo.txt'))
    ok(lines(read('gym/lockers.txt')) == ['locker 12: 3-19-27', 'locker 17: 8-02-33', 'locker 21: 5-40-11', 'locker 71: 6-06-18'], 'gym/lockers.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
