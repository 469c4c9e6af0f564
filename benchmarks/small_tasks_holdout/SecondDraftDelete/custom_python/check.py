"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok(not exists('draft2.md'), 'draft2.md still there')
    ok('Draft one' in read('draft1.md'), 'draft1.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
