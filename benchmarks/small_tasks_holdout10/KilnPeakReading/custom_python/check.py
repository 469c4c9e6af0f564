"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, ok, read

try:
    ok(amount(read('kiln_log/today.txt')) == 1222, read('kiln_log/today.txt'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
