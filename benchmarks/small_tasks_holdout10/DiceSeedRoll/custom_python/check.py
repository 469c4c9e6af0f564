"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('roll_result.txt')) == 2, read('roll_result.txt'))
    ok(lines(read('dice_seed.py')) == ['x = 17', 'for _ in range(5):', 'x = (x * 31 + 7) % 97', 'print(x % 6 + 1)'], 'dice_seed.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
