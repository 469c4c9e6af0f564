"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    want = ['sku,item,qty', 'K-881,kettle,14', 'T-204,toaster,6', 'M-330,mixer,0']
    ok(lines(read('warehouse/inventory.csv')) == want, read('warehouse/inventory.csv'))
    ok(lines(read('inventory.csv')) == want, 'inventory.csv changed')
    ok(exists('warehouse/README.txt'), 'warehouse/README.txt lost')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
