"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, ok

try:
    ok(jload('restock_order.json') == {'sku': 'TEA-022', 'qty': 40, 'urgent': True}, 'wrong JSON')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
