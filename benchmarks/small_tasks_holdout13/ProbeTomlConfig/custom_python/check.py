"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys
import tomllib

from checks import ok, read

try:
    d = tomllib.loads(read('healthcheck.toml'))
    ok(d == {'probe': {'url': 'http://localhost:8080/health', 'interval_s': 15}}, 'wrong TOML')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
