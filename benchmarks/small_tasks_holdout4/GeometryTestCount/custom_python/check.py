"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('test_count.txt'), 'test functions', 'functions', 'tests') == 3, read('test_count.txt'))
    ok(lines(read('test_geometry.py')) == ['import math', 'def unit_square():', 'return [(0, 0), (1, 0), (1, 1), (0, 1)]', 'def test_circle_area():', 'assert round(math.pi * 2 ** 2, 2) == 12.57', 'def test_square_corners():', 'assert len(unit_square()) == 4', 'def test_hypotenuse():', 'assert math.hypot(3, 4) == 5'], 'test_geometry.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
