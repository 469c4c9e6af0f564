"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import number, ok, read, rows

try:
    got = rows(read('bakery_prices.csv'))
    ok(got[:2] == [['item', 'price'], ['sourdough', '5.20']] and got[3:] == [['baguette', '2.10']], got)
    ok(got[2][0] == 'rye loaf' and number(got[2][1]) == 4.8 and len(got) == 4, got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
