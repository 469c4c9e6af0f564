"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, number, ok, read

try:
    ok(number(read('done_count.txt')) == 2, read('done_count.txt'))
    ok(lines(read('chores.csv')) == ['chore,done', 'dishes,yes', 'laundry,no', 'vacuum,yes', 'windows,no', 'bins,no'], 'chores.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
