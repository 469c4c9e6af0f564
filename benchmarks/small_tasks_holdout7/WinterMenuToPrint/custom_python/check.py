"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('to_print/menu_winter.txt'))
    ok(got == ['WINTER MENU', 'Parsnip soup ........ 6.80', 'Mushroom pie ........ 11.00', 'Mulled apple juice ... 3.20'], got)
    ok(lines(read('menu_winter.txt')) == ['WINTER MENU', 'Parsnip soup ........ 6.80', 'Mushroom pie ........ 11.00', 'Mulled apple juice ... 3.20'], 'menu_winter.txt changed or gone')
    ok(lines(read('to_print/flyer_market.txt')) == ['Christmas market, 13 Dec, 10-16h'], 'to_print/flyer_market.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
