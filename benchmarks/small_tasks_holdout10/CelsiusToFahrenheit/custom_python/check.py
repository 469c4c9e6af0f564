"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import module, ok

try:
    f = module('temp_convert.py').c_to_f
    ok(abs(f(100) - 212) < 1e-9 and abs(f(0) - 32) < 1e-9 and abs(f(-40) + 40) < 1e-9 and abs(f(37) - 98.6) < 1e-9, 'wrong conversion')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
