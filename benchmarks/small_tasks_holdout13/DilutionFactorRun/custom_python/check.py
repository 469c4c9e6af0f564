"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('dilution_x4.txt')) == 62.5, 'wrong number')
    ok(lines(read('dilution.py')) == ['import sys', 'stock_ug_ml = 250', 'factor = int(sys.argv[1]) if len(sys.argv) > 1 else 1', 'print(stock_ug_ml / factor)'], 'dilution.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
