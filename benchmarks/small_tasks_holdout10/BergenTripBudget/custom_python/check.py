"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, ok, read

try:
    ok(jload('trip_budget.json') == {'destination': 'Bergen', 'nights': 4, 'budget_eur': 1250}, read('trip_budget.json'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
