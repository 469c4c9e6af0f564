"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(read('budget_fy26_review.csv').strip() == 'dept,eur\nmarketing,84000\nIT,120500', 'copy differs')
    ok(lines(read('budget_fy26.csv')) == ['dept,eur', 'marketing,84000', 'IT,120500'], 'budget_fy26.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
