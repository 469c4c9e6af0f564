"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('metrics_port.txt')) == '9102', 'wrong value')
    ok(lines(read('services_map.yaml')) == ['api:', 'port: 8000', 'metrics:', 'port: 9102', 'admin:', 'port: 9443'], 'services_map.yaml changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
