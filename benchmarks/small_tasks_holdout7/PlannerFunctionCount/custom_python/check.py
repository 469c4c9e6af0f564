"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('func_count.txt'), 'functions') == 4, read('func_count.txt'))
    ok(lines(read('garden_planner.py')) == ['"""Small geometry helpers for the garden planner."""', 'import math', 'GOLDEN = (1 + math.sqrt(5)) / 2', 'def circle_area(r):', 'return math.pi * r * r', 'def ring_area(outer, inner):', 'return circle_area(outer) - circle_area(inner)', 'def hypotenuse(a, b):', 'return math.hypot(a, b)', 'def bed_perimeter(width, length):', '# raised beds are rectangles', 'return 2 * (width + length)'], 'garden_planner.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
