"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(read('outbox/board_minutes.txt') .strip() == 'quorum reached\nbudget approved', 'copy differs')
    ok(lines(read('board_minutes.txt')) == ['quorum reached', 'budget approved'], 'board_minutes.txt changed or gone')
    ok(lines(read('outbox/readme_box.txt')) == ['send later'], 'outbox/readme_box.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
