"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read

try:
    ok(read('year.txt').strip() == '1969', read('year.txt'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
