"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, number, ok

try:
    d = jload('plant.json')
    ok(isinstance(d, dict) and sorted(d) == ['name', 'sunny', 'water_every_days'], d)
    ok(str(d['name']).lower() == 'monstera', d)
    ok(number(d['water_every_days']) == 7, d)
    ok(d['sunny'] is False or str(d['sunny']).lower() == 'false', d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
