"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, rows

try:
    ok(rows(read('old_games/scoresheet.csv')) == [['round', 'us', 'them'], ['1', '21', '18'], ['2', '19', '21'], ['3', '21', '15']], read('old_games/scoresheet.csv'))
    ok(lines(read('scoresheet.csv')) == ['round,us,them', '1,21,18', '2,19,21', '3,21,15'], 'scoresheet.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
