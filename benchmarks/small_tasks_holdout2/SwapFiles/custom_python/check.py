"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import norm, ok, read

try:
    ok(norm(read('left.txt')) == 'south', 'left.txt: ' + read('left.txt'))
    ok(norm(read('right.txt')) == 'north', 'right.txt: ' + read('right.txt'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
