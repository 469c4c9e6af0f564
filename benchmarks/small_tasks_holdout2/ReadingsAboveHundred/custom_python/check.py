"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, number, ok, read

try:
    ok(number(read('high_readings.txt')) == 3, read('high_readings.txt'))
    ok(lines(read('readings.txt')) == ['95', '130', '101', '88', '100', '240'], 'readings.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
