"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('basket_sum.txt')) == 12.46, 'wrong number')
    ok(lines(read('basket_total.py')) == ['items = [(3, 2.49), (1, 1.99), (4, 0.75)]', 'print(round(sum(n * p for n, p in items), 2))'], 'basket_total.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
