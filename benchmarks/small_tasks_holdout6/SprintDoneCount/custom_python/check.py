"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('sprint_done.txt'), 'tasks') == 3, read('sprint_done.txt'))
    ok(lines(read('sprint.json')) == ['[', '{', '"id": 651', '"title": "login form"', '"status": "done"', '}', '{', '"id": 652', '"title": "password reset"', '"status": "in_progress"', '}', '{', '"id": 653', '"title": "avatar upload"', '"status": "done"', '}', '{', '"id": 654', '"title": "dark mode"', '"status": "todo"', '}', '{', '"id": 655', '"title": "audit log"', '"status": "in_progress"', '}', '{', '"id": 656', '"title": "rate limits"', '"status": "done"', '}', ']'], 'sprint.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
