"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('week_total.txt'), 'hours') == 37.5, read('week_total.txt'))
    ok(lines(read('week_summary.py')) == ["hours = {'mon': 8, 'tue': 7.5, 'wed': 8, 'thu': 6, 'fri': 8}", 'print(f"total: {sum(hours.values())} hours")'], 'week_summary.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
