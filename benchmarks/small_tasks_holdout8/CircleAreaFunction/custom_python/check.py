"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import module, ok

try:
    m = module('geometry.py')
    for r, want in ((2, 12.566371), (1.5, 7.068583), (10, 314.159265)):
        got = m.circle_area(r)
        ok(isinstance(got, (int, float)) and abs(got - want) < want * 1e-3, (r, got))
    ok(m.circle_area(0) == 0, m.circle_area(0))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
