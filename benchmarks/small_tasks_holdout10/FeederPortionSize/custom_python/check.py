"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, module, ok, read, squeeze

try:
    got = [squeeze(x, '"\'') for x in lines(read('feeder_settings.py'))]
    ok(got == ['feed_times=[07:00,18:00]', 'portion_grams=35', 'treat_grams=5'], got)
    ok(module('feeder_settings.py').PORTION_GRAMS == 35, 'PORTION_GRAMS is not 35')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
