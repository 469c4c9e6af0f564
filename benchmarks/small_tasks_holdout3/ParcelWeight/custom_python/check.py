"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, number, ok, read

try:
    ok(number(read('weight.txt')) == 2.35, read('weight.txt'))
    ok(lines(read('shipment.json')) == ['{"tracking": "JD0048213", "carrier": "PostNord", "pieces": 1, "weight_kg": 2.35}'], 'shipment.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
