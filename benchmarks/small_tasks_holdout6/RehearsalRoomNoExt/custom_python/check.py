"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import norm, ok, read

try:
    ok(norm(read('rehearsal_room')) in ('room b-214', 'b-214'), read('rehearsal_room'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
