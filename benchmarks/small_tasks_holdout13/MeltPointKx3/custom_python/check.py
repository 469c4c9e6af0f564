"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('kx3_mp.txt'), '°c', 'c') == 138.2, 'wrong number')
    ok(lines(read('melt_points.csv')) == ['sample,mp_c', 'KX-2,141.5', 'KX-3,138.2', 'KX-4,152.0'], 'melt_points.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
