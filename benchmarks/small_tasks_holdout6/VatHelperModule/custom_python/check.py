"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import module, ok

try:
    m = module('vat.py')
    ok(abs(float(m.add_vat(100)) - 121) < 0.006, m.add_vat(100))
    ok(abs(float(m.add_vat(19.99)) - 24.1879) < 0.006, m.add_vat(19.99))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
