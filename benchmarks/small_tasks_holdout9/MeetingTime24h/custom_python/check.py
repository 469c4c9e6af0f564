"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('meeting_24h.txt'))
    ok(got == '15:45', got)
    ok(lines(read('meeting_time.txt')) == ['Quarterly review: 3:45 PM, room Aster'], 'meeting_time.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
