"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = sorted(norm(x) for x in lines(read('out_of_stock.txt')))
    ok(got == ['gloves', 'raincoat', 'umbrella'], got)
    ok(lines(read('stock.csv')) == ['item,stock', 'umbrella,0', 'scarf,14', 'gloves,0', 'beanie,3', 'raincoat,0'], 'stock.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
