"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('timeout_value.txt')) == '45', 'wrong value')
    ok(lines(read('gateway.yaml')) == ['retries: 3', 'timeout: 45', 'port: 9000'], 'gateway.yaml changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
