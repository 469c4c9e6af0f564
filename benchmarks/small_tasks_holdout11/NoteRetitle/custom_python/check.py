"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok(read('groceries_sat.txt').strip() == 'leeks\nrice', 'content differs')
    ok(not exists('weekend_shop.txt'), 'old name still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
