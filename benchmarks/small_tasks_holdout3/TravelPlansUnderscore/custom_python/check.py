"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(lines(read('travel_plans.txt')) == ['Fly to Riga on the 3rd', 'Bus to Tartu on the 5th', 'Back home on the 11th'], read('travel_plans.txt'))
    ok(not exists('travel plans.txt'), 'travel plans.txt still exists')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
