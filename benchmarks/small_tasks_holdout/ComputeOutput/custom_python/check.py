"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read

try:
    ok(read('compute_out.txt').strip() == '55', read('compute_out.txt'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
