"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, ok

try:
    d = jload('settings/colours.json')
    ok(isinstance(d, dict) and str(d.get('accent')).lower() == '#e4572e', d)
    ok({k: v for k, v in d.items() if k != 'accent'} == {'font': 'Inter', 'size': 14}, d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
