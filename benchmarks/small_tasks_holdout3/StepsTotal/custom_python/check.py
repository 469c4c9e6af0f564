"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('total_steps.txt'), 'steps') == 8050, read('total_steps.txt'))
    ok(lines(read('morning_steps.txt')) == ['4200'], 'morning_steps.txt changed or gone')
    ok(lines(read('evening_steps.txt')) == ['3850'], 'evening_steps.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
