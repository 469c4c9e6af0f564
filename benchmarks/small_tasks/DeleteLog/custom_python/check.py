"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok

try:
    ok(not exists('debug.log'), 'log gone')
    ok(exists('app.py'), 'app kept')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
