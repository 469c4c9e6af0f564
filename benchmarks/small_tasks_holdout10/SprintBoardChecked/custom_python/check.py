"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('done_tasks.txt'), 'tasks') == 3, read('done_tasks.txt'))
    ok(lines(read('sprint31_board.md')) == ['# Sprint 31', '[x] login page', '[ ] export csv', '[x] fix timezone bug', '[x] update deps', '[ ] dark mode', '[ ] write release post'], 'sprint31_board.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
