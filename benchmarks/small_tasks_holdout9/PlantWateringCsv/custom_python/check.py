"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read, rows

try:
    got = [[c.lower() for c in r] for r in rows(read('plant_watering.csv'))]
    ok(got[:1] == [['plant', 'days']] and sorted(got[1:]) == [['cactus', '14'], ['fern', '3']], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
