"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('kids_week.txt'))]
    ok(got == ['mon: football', 'tue: piano', 'wed: -', 'thu: scouts', 'fri: swimming'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
