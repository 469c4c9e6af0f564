"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('party_invite.txt'))
    ok(got == ['Dear neighbours', "You're invited to our garden party on Sunday at 15:00.", 'Bring a chair if you have a spare one!', 'Fenna & Joost'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
