"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import module, ok

try:
    f = module('area.py').rectangle_area
    ok(f(3, 4) == 12, f(3, 4))
    ok(f(2.5, 2) == 5, f(2.5, 2))
    ok(f(7, 1) == 7, f(7, 1))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
