"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('product_count.txt'), 'products') == 4, read('product_count.txt'))
    ok(lines(read('cart.json')) == ['{', '"customer": "c-2291"', '"items": [', '{"sku": "TEA-GREEN", "qty": 2}', '{"sku": "MUG-BLUE", "qty": 1}', '{"sku": "HONEY-340", "qty": 3}', '{"sku": "SPOON-WD", "qty": 1}', ']', '}'], 'cart.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
