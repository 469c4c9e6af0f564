"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('tariffs_2018.csv'), 'tariffs_2018.csv still exists')
    ok(lines(read('tariffs_2026.csv')) == ['zone,price_per_kwh', 'peak,0.42', 'offpeak,0.24'], 'tariffs_2026.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
