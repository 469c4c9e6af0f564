"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, ok

try:
    ok(jload('holiday_budget.json') == {'flights': 420, 'hotel': 610, 'food': 250}, 'wrong JSON')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
