"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import number, ok, read, rows

try:
    got = rows(read('meter_readings.csv'))
    ok(got[:3] == [['date', 'kwh'], ['2026-11-18', '402'], ['2026-11-19', '417']] and len(got) == 4, got)
    ok(got[3][0] == '2026-11-20' and number(got[3][1]) == 431 and len(got[3]) == 2, got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
