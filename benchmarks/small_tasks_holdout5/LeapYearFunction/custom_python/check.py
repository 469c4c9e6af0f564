"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import module, ok

try:
    m = module('leap.py')
    got = [m.is_leap(y) for y in (2024, 1900, 2000, 2023, 1600, 2100)]
    ok(got == [True, False, True, False, True, False], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
