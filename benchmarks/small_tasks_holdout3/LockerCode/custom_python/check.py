"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import number, ok, read

try:
    ok(number(read('locker.txt')) == 4471, read('locker.txt'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
