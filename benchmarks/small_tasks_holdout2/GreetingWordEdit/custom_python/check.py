"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, run, squeeze

try:
    ok(squeeze(run('greet_user.py'), ',!.') == 'welcomesam', run('greet_user.py'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
