"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, norm, ok, read, rows

try:
    r = rows(read('cafe/stock_orders.csv'))
    ok(r[:3] == [['item', 'quantity', 'unit_price'], ['whole milk', '20', '1.10'], ['coffee beans 1kg', '4', '18.50']], r)
    ok(len(r) == 4 and len(r[3]) == 3, r)
    ok(norm(r[3][0]) in ('oat milk', 'oat milk cartons', 'oat milk (cartons)', 'oat milk carton'), r[3])
    ok(amount(r[3][1], 'cartons') == 12, r[3])
    ok(amount(r[3][2].replace('€', '').replace('£', '').replace('$', '')) == 1.85, r[3])
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
