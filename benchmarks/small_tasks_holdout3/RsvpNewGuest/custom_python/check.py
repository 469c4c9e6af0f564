"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read, rows

try:
    got = rows(read('rsvp.csv'))
    ok(got[:3] == [['guest', 'attending'], ['Keiko', 'yes'], ['Henrik', 'no']], got)
    ok(len(got) == 4 and [c.lower() for c in got[3]] == ['tomasz', 'yes'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
