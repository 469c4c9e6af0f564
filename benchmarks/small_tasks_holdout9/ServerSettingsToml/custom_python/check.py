"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys
import tomllib

from checks import ok, read

try:
    got = tomllib.loads(read('app_settings.toml'))
    ok(got == {'server': {'host': '127.0.0.1', 'port': 5050}}, got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
