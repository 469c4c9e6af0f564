"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('dog_walk_schedule.txt')) == ['Walker: Joanna', 'Days: Mon, Wed, Fri', 'Dog: Pepper (collie)'], 'not edited as asked')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
