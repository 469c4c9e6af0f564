"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('db_name.txt')) == 'orders_prod', read('db_name.txt'))
    ok(lines(read('db.yaml')) == ['host: localhost', 'port: 5432', 'name: orders_prod', 'user: app_reader'], 'db.yaml changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
