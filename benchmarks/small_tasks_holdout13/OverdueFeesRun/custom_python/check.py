"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('fees_due.txt')) == 'eur 7.50', 'wrong value')
    ok(lines(read('overdue_fees.py')) == ["days_late = {'Emma': 3, 'Walden': 12}", 'fee = sum(days_late.values()) * 0.5', "print(f'EUR {fee:.2f}')"], 'overdue_fees.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
