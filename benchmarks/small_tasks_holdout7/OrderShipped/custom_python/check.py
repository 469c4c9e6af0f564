"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read, rows

try:
    r = rows(read('shop_orders.csv'))
    want = [['order_id', 'customer', 'status'], ['1039', 'Kowalczyk', 'shipped'], ['1042', 'Adebayo', 'pending'], ['1047', 'Quist', 'pending']]
    ok(len(r) == 4 and r[:2] == want[:2] and r[3] == want[3], r)
    ok(r[2][:2] == ['1042', 'Adebayo'] and len(r[2]) == 3 and r[2][2].lower() == 'shipped', r[2])
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
