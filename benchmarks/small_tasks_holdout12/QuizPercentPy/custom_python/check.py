"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import module, ok

try:
    m = module('quiz_score.py')
    ok(m.percent(3, 4) == 75.0 and m.percent(1, 8) == 12.5, 'wrong percent')
    ok(m.percent(7, 7) == 100.0, 'wrong percent')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
