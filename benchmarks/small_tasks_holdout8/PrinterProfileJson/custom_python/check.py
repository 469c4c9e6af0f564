"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, number, ok

try:
    d = jload('printer.json')
    ok(isinstance(d, dict) and sorted(d) == ['bed_temp', 'model', 'nozzle_mm'], d)
    ok(d['model'] == 'Prusa MK4', d)
    ok(number(d['nozzle_mm']) == 0.4 and number(d['bed_temp']) == 60, d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
