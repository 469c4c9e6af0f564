"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('hockey_drills_old.txt'), 'hockey_drills_old.txt still exists')
    ok(lines(read('hockey_drills.txt')) == ['2v1 overload', 'short corners'], 'hockey_drills.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
