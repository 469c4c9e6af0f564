"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('mystery_result.txt')) == 43, 'wrong number')
    ok(lines(read('mystery_calc.py')) == ['x = 6', 'print(x * 7 + 1)'], 'mystery_calc.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
