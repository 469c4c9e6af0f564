"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, ok, read, rows

try:
    r = rows(read('bulk_bin_prices.csv'))
    want = [['item', 'unit', 'price'], ['rolled oats', 'kg', '2.60'], ['oat flour', 'kg', '3.15'], ['buckwheat', 'kg', '3.95'], ['split peas', 'kg', '2.20']]
    ok(len(r) == 5 and r[:2] == want[:2] and r[3:] == want[3:], r)
    ok(r[2][:2] == ['oat flour', 'kg'] and len(r[2]) == 3 and amount(r[2][2].lstrip('€$£')) == 3.45, r[2])
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
