"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import module, ok

try:
    m = module('temps.py')
    got = [m.c_to_f(c) for c in (0, 100, -40, 37)]
    ok(all(isinstance(g, (int, float)) for g in got), got)
    ok(all(abs(g - w) < 1e-6 for g, w in zip(got, (32, 212, -40, 98.6))), got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
