"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('two_mugs.txt')) == '16', 'wrong value')
    ok(lines(read('mug_prices.csv')) == ['item,price', 'red mug,6', 'blue mug,8', 'green mug,5'], 'mug_prices.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
