"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('chore_rota.txt')) == ['Monday: bins (Leo)', 'Wednesday: dishes (Maya)', 'Friday: laundry (Dad)', 'Sunday: hoover stairs (Maya)'], 'not appended as the last line')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
