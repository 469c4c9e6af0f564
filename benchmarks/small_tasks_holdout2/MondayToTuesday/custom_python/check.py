"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = [' '.join(x.split()) for x in lines(read('schedule.txt'))]
    ok(got == ['Tuesday 9:00 gym', 'Wednesday 18:00 choir', 'Tuesday 17:30 piano lesson'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
