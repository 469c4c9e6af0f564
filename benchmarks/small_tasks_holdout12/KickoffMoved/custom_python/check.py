"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('kickoff_info.txt')) == ['Opponent: Riverside Colts', 'Kick-off: 11:15', 'Meet: 09:45 at the clubhouse'], 'not edited as asked')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
