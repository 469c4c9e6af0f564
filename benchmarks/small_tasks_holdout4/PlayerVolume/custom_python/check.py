"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, number, ok

try:
    d = jload('player.json')
    ok(isinstance(d, dict) and number(d.get('volume')) == 30, d)
    ok({k: v for k, v in d.items() if k != 'volume'} == {'shuffle': True, 'repeat': 'all', 'eq': 'flat'}, d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
