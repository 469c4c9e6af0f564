"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok(not exists('scratch.txt'), 'scratch.txt still there')
    ok(read('plan.txt').strip() == 'finish the slides', 'plan.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
