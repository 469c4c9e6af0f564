"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('hours_total.txt'), 'hours', 'h') == 25.5, read('hours_total.txt'))
    ok(lines(read('timesheet.csv')) == ['day,project,hours', 'Mon,atlas,7.25', 'Tue,atlas,8', 'Wed,beacon,6.25', 'Thu,atlas,4'], 'timesheet.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
