"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('agenda.txt'))
    ok(got[:2] == ['9:00 standup', '10:30 design review'], got)
    ok(len(got) == 3 and norm(got[2]) == 'lunch with the team', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
