"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    ok(sorted(items(read('open_sprint_items.txt'))) == ['audit trail', 'rate limiter'], 'wrong list')
    ok(lines(read('kanban_now.md')) == ['[x] login page', '[ ] rate limiter', '[x] logo', '[ ] audit trail'], 'kanban_now.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
