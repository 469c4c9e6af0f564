"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    ok(re.fullmatch(r'0?7[:.]05( ?a\.?m)?', norm(read('first_bus.txt'))), read('first_bus.txt'))
    ok(lines(read('timetable.txt')) == ['Line 14 to Harbour: 07:12, 07:42, 08:12', 'Line 3 to Airport: 07:05, 07:55, 08:45', 'Line 9 to Campus: 06:58, 07:28'], 'timetable.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
