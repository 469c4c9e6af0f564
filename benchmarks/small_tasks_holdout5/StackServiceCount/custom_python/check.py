"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('service_count.txt'), 'services') == 4, read('service_count.txt'))
    ok(lines(read('deploy/stack.yaml')) == ['services:', 'web:', 'image: ledgerly/web:1.7', 'ports: ["8088:80"]', 'worker:', 'image: ledgerly/worker:1.7', 'db:', 'image: postgres:16', 'volumes: [dbdata:/var/lib/postgresql/data]', 'cache:', 'image: redis:7', 'volumes:', 'dbdata: {}'], 'deploy/stack.yaml changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
