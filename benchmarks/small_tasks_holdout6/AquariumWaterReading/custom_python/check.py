"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import number, ok, read, rows

try:
    r = rows(read('aquarium/water_log.csv'))
    ok(r[:4] == [['date', 'ph', 'temp_c'], ['2026-11-18', '7.0', '25.0'], ['2026-11-20', '6.9', '25.5'], ['2026-11-22', '7.1', '24.5']], r)
    ok(len(r) == 5, r)
    last = r[4]
    ok(len(last) == 3 and last[0] == '2026-11-24' and number(last[1]) == 7.3 and number(last[2]) == 25.5, last)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
