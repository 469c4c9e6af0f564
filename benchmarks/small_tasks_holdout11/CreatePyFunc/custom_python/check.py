"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import module, ok

try:
    m = module('celsius_tools.py')
    ok(m.to_fahrenheit(100) == 212 and m.to_fahrenheit(-40) == -40, 'wrong function')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
