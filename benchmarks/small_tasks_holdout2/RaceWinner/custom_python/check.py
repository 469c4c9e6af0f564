"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('winner.txt')) == 'brandt', read('winner.txt'))
    ok(lines(read('race.csv')) == ['runner,minutes', 'Hale,41', 'Brandt,38', 'Osei,44', 'Kim,39'], 'race.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
