"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import json
import sys

from checks import ok, read

try:
    d = json.loads(read('config.json'))
    ok(d.get('debug') is True and d.get('level') == 1, d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
