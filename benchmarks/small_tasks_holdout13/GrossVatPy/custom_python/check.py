"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import module, ok

try:
    m = module('vat_calc.py')
    ok(abs(m.gross(100, 0.2) - 120) < 1e-9 and m.gross(50, 0) == 50, 'wrong function')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
