"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('tally.txt')) == ['4', '9', '12', '17'], read('tally.txt'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
