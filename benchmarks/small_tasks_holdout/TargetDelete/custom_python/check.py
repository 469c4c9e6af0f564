"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok(not exists('stale.txt'), 'stale.txt still there')
    ok(read('fresh.txt').strip() == 'new numbers', 'fresh.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
