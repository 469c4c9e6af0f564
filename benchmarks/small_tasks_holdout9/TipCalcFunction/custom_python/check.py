"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import module, ok

try:
    m = module('tip_calc.py')
    for a, p, want in ((80, 15, 12.0), (42.5, 20, 8.5), (10, 0, 0.0), (200, 12.5, 25.0)):
        ok(abs(m.tip(a, p) - want) < 1e-9, (a, p, m.tip(a, p)))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
