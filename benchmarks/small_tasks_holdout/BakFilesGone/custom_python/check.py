"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import os
import sys

from checks import ok, read

try:
    left = sorted(n for n in os.listdir('.') if n.endswith('.bak'))
    ok(not left, left)
    ok(read('ledger.txt').strip() == 'current ledger', 'ledger.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
