"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read

try:
    ok('mode = fast' in read('settings.bak'), 'copy')
    ok('mode = fast' in read('settings.ini'), 'original kept')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
