"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    got = amount(read('points_result.txt'))
    ok(got == 109, got)
    ok(lines(read('tally_points.py')) == ['points = [12, 7, 19, 4, 11]', 'bonus = 3', 'print(sum(points) * 2 + bonus)'], 'tally_points.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
