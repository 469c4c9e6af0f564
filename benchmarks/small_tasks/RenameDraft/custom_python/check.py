"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok('final text' in read('final.txt'), 'new')
    ok(not exists('draft.txt'), 'old gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
