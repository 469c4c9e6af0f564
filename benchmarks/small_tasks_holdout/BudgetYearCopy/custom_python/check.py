"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read

try:
    want = 'category,amount\nrent,950\nfood,310\ntransport,85'
    ok(read('budget_2025.csv').strip() == want, read('budget_2025.csv'))
    ok(read('budget.csv').strip() == want, 'budget.csv changed')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
