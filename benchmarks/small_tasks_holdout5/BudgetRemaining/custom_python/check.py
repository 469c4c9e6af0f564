"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('remaining.txt').replace('€', ''), 'eur', 'euros') == 353.15, read('remaining.txt'))
    ok(lines(read('budget.txt')) == ['500'], 'budget.txt changed or gone')
    ok(lines(read('spent.txt')) == ['146.85'], 'spent.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
