"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('wet_days.txt'), 'days') == 3, read('wet_days.txt'))
    ok(lines(read('weather/march_rain.csv')) == ['date,mm', '2026-03-01,2.5', '2026-03-02,14.0', '2026-03-03,10.0', '2026-03-04,0.0', '2026-03-05,22.5', '2026-03-06,9.5', '2026-03-07,11.2', '2026-03-08,0.4'], 'weather/march_rain.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
