"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import module, ok

try:
    m = module('kmh.py')
    ok(abs(m.to_kmh(10) - 36) < 1e-9, m.to_kmh(10))
    ok(abs(m.to_kmh(2.5) - 9) < 1e-9, m.to_kmh(2.5))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
