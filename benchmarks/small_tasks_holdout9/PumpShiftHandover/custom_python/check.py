"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('shift_handover.txt'))]
    ok(got == ['all pumps checked, no leaks'], got)
    ok(lines(read('pump_readings.csv')) == ['pump,bar', '1,2.1', '2,2.3', '3,1.9'], 'pump_readings.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
