"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    ok(sorted(items(read('sold_out.txt'))) == ['enamel jug', 'rattan basket'], 'wrong list')
    ok(lines(read('stock_levels.csv')) == ['product,stock', 'linen apron,5', 'enamel jug,0', 'copper kettle,10', 'rattan basket,0', 'soy candle,1'], 'stock_levels.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
