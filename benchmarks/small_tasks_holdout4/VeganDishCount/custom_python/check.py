"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('vegan_count.txt'), 'vegan dishes', 'dishes') == 4, read('vegan_count.txt'))
    ok(lines(read('menu.csv')) == ['dish,price,vegan', 'lentil soup,6.50,yes', 'fish pie,12.00,no', 'falafel wrap,8.00,yes', 'mushroom risotto,11.50,no', 'chana masala,9.50,yes', 'lamb kofta,13.00,no', 'beetroot salad,7.00,yes'], 'menu.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
