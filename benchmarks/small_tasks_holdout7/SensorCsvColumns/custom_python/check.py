"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = sorted(norm(x) for x in lines(read('readings_columns.txt')))
    ok(got == ['humidity_pct', 'station_id', 'temp_c', 'timestamp', 'wind_kmh'], got)
    ok(lines(read('sensors/readings.csv')) == ['timestamp,station_id,temp_c,humidity_pct,wind_kmh', '2026-11-23T06:00,HX-07,3.4,91,12', '2026-11-23T07:00,HX-07,3.9,89,15'], 'sensors/readings.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
