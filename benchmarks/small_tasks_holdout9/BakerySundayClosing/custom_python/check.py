"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    got = [squeeze(x) for x in lines(read('bakery_hours.ini'))]
    ok(got == ['[hours]', 'weekday_open=06:30', 'weekday_close=18:00', 'saturday_close=14:00', 'sunday_close=15:30'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
