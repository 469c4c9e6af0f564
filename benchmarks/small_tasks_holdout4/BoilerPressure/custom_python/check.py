"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('pressure.txt'), 'bar') == 1.6, read('pressure.txt'))
    ok(lines(read('heating.json')) == ['{"boiler": {"model": "Calora 24", "pressure_bar": 1.6, "max_bar": 3.0}, "zones": 4}'], 'heating.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
