"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys
import tomllib

from checks import ok, read

try:
    ok(tomllib.loads(read('lint_rules.toml')) == {'lint': {'max_line': 100, 'strict': True}}, read('lint_rules.toml'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
