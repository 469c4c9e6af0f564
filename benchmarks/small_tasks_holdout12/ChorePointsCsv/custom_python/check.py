"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read, rows

try:
    ok(rows(read('chore_points.csv')) == [['chore', 'points'], ['dishes', '3'], ['laundry', '5'], ['mowing', '8']], 'wrong CSV')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
