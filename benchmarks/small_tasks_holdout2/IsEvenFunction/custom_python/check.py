"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import module, ok

try:
    f = module('is_even.py').is_even
    ok([f(4), f(0), f(-2), f(7), f(-3)] == [True, True, True, False, False], 'is_even is wrong')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
