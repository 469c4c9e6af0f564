"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('ferry_status.txt')) == 'ferry delayed until 9:40', read('ferry_status.txt'))
    ok(lines(read('ferry_timetable.csv')) == ['departure,route', '08:15,north', '09:10,south'], 'ferry_timetable.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
