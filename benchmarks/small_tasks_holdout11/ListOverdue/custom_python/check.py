"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    ok(sorted(items(read('overdue_titles.txt'))) == ['Beloved', 'Ulysses'], 'wrong list')
    ok(lines(read('loans_desk.csv')) == ['title,status', 'Emma,ok', 'Ulysses,overdue', 'Beloved,overdue', 'Walden,ok'], 'loans_desk.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
