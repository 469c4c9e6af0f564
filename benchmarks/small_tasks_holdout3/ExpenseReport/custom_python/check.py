"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('expense_report.txt')) == 'total: 55.60', read('expense_report.txt'))
    ok(lines(read('report_expenses.py')) == ['import csv', "with open('expenses.csv') as fh:", "total = sum(float(r['amount']) for r in csv.DictReader(fh))", "print(f'total: {total:.2f}')"], 'report_expenses.py changed or gone')
    ok(lines(read('expenses.csv')) == ['item,amount', 'train ticket,23.50', 'lunch,12.90', 'museum,15.00', 'coffee,4.20'], 'expenses.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
