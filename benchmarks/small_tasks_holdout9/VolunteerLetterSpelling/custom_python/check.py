"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('volunteer_thanks.txt')) == lines('Dear volunteers,\n\nThank you for helping at the fair. Free accommodation is booked at the Rowan Inn.\nBreakfast is included.\n'), 'volunteer_thanks.txt not as expected')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
