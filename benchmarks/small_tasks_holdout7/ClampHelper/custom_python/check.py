"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import module, ok

try:
    m = module('mathbits.py')
    got = [m.clamp(5, 0, 10), m.clamp(-3, 0, 10), m.clamp(12, 0, 10), m.clamp(2.5, 1, 2), m.clamp(1, 1, 2)]
    ok(got == [5, 0, 10, 2, 1], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
