"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('platform_change.txt'))
    ok(got == 'platform 7b, departs 14:52', got)
    ok(lines(read('regional_timetable.txt')) == ['14:40 Platform 3A to Harwick', '14:52 Platform 7 to Dunmore (see board)'], 'regional_timetable.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
