"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('polytunnel/tomato_bed.txt'))
    ok(got == 'watered 2.5 litres', got)
    ok(lines(read('polytunnel/sowing_dates.csv')) == ['plant,sown', 'basil,2026-10-02', 'chilli,2026-10-09'], 'polytunnel/sowing_dates.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
