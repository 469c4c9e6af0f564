"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    ok(squeeze(read('scone_oven.txt'), '°.') in ('220c', '220'), 'wrong temperature')
    ok(lines(read('baking_times.md')) == ['# Baking', 'banana bread: 175C, 60 min', 'scones: 220C, 12 min', 'flapjacks: 180C, 25 min'], 'baking_times.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
