"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('shelf_c_count.txt')) == 8, 'wrong number')
    ok(lines(read('shelf_c_stock.txt')) == ['rye flour 1kg', 'spelt 500g', 'oat flakes', 'buckwheat', 'chia seeds', 'polenta', 'couscous', 'bulgur'], 'shelf_c_stock.txt changed or gone')
    ok(lines(read('shelf_d_stock.txt')) == ['olive oil', 'vinegar'], 'shelf_d_stock.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
