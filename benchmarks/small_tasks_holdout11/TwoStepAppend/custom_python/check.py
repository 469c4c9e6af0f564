"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('release_history.txt')) == ['closed sprint 40', 'closed sprint 41'], 'not appended as the last line')
    ok(lines(read('sprint_now.txt')) == ['41'], 'sprint_now.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
