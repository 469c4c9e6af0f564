"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('total_donated.txt').replace('$', ''), 'euros', 'eur', 'dollars') == 145, read('total_donated.txt'))
    ok(lines(read('donations.csv')) == ['donor,amount', 'Halvorsen,25', 'Mbeki,40', 'Oyelaran,12.5', 'Castellano,67.5'], 'donations.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
