"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('seating_chart_OLD.csv'), 'seating_chart_OLD.csv still there')
    ok(lines(read('seating_chart.csv')) == ['table,guest', '1,Ana', '2,Bo'], 'seating_chart.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
