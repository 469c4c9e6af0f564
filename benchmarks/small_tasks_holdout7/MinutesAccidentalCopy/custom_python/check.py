"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('board_minutes (copy).md'), 'the copy is still there')
    ok(lines(read('board_minutes.md')) == ['# Board meeting, 12 November', 'Present: Aoife, Radomir, Sunniva', 'budget for the new kayaks approved'], 'board_minutes.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
