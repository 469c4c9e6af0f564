"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys
import tomllib

from checks import ok, read

try:
    got = tomllib.loads(read('lobby.toml'))
    ok(got == {'lobby': {'name': 'Friday night', 'max_players': 8, 'min_players': 2}, 'voice': {'enabled': True}}, got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
