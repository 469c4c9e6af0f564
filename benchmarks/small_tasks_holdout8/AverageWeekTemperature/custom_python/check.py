"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('avg_temp.txt'))
    ok(re.fullmatch(r'((average|avg)( temperature)?:? ?)?2\.6 ?(°|º)? ?(c|celsius)?', got), got)
    ok(lines(read('balcony_readings.csv')) == ['day,celsius', 'Mon,3.5', 'Tue,4.0', 'Wed,6.5', 'Thu,2.0', 'Fri,-1.0', 'Sat,0.5'], 'balcony_readings.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
