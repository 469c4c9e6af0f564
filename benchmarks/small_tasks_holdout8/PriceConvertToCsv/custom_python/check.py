"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, rows

try:
    r = rows(read('out/converted.csv'))
    ok(r == [['sku', 'price_eur'], ['A-12', '4.65'], ['B-07', '13.50'], ['C-33', '0.95']], r)
    ok(lines(read('cents_to_eur.py')) == ['PRICES_CENTS = {"A-12": 465, "B-07": 1350, "C-33": 95}', 'print("sku,price_eur")', 'for sku, cents in PRICES_CENTS.items():', 'print(f"{sku},{cents / 100:.2f}")'], 'cents_to_eur.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
