"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('inventory/stock_scratch.csv'), 'inventory/stock_scratch.csv still exists')
    ok(lines(read('inventory/stock_main.csv')) == ['sku,qty', 'A1,4'], 'inventory/stock_main.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
