"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('serial.txt')) == 'aqd45-20917', read('serial.txt'))
    ok(lines(read('appliances.txt')) == ['Kitchen appliances', 'Fridge: Frostline FL-220, serial FL220-88341', 'Dishwasher: Aquella D45, serial AQD45-20917', 'Oven: Brava B6, serial BB6-55102'], 'appliances.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
