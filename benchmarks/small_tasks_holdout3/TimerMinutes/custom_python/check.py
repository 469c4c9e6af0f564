"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import module, ok

try:
    m = module('timer.py')
    ok(m.DEFAULT_MINUTES == 45, m.DEFAULT_MINUTES)
    ok(m.BREAK_MINUTES == 5, m.BREAK_MINUTES)
    ok(m.total(2) == 100, m.total(2))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
