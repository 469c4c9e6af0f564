"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('admin_count.txt'), 'admins', 'accounts') == 2, read('admin_count.txt'))
    ok(lines(read('accounts.json')) == ['[{"login": "amaru", "role": "admin"}, {"login": "beth", "role": "viewer"}, {"login": "chidi", "role": "editor"}, {"login": "dora", "role": "admin"}, {"login": "emil", "role": "viewer"}]'], 'accounts.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
