"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok([norm(x) for x in lines(read('colours_used.txt'))] == ['charcoal', 'ochre', 'teal'], read('colours_used.txt'))
    ok(lines(read('paint_orders.csv')) == ['order,colour,litres', '1,teal,2', '2,ochre,1', '3,teal,5', '4,charcoal,2', '5,ochre,3'], 'paint_orders.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
