"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import json
import sys

from checks import ok, read

try:
    d = json.loads(read('app_config.json'))
    ok(isinstance(d, dict), d)
    ok(str(d.get('theme')).lower() == 'dark' and str(d.get('volume')) == '7', d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
