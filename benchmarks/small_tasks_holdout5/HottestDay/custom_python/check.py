"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('hottest.txt')) in ('thu', 'thursday'), read('hottest.txt'))
    ok(lines(read('temps.csv')) == ['day,max_c', 'Mon,14.5', 'Tue,17.0', 'Wed,16.2', 'Thu,19.4', 'Fri,18.9'], 'temps.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
