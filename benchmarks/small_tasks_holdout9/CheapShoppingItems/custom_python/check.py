"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = sorted(norm(x).split()[0].rstrip(':,') for x in items(read('cheap_items.txt')))
    ok(got == ['apples', 'milk', 'yoghurt'], got)
    ok(lines(read('shopping_prices.txt')) == ['bread 2.40', 'milk 1.15', 'eggs 3.20', 'apples 1.80', 'butter 2.95', 'yoghurt 0.89'], 'shopping_prices.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
