"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('june_orders_n.txt')) == 5, 'wrong number')
    ok(lines(read('orders_june.csv')) == ['id,sum', '1,4', '2,9', '3,1', '4,7', '5,2'], 'orders_june.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
