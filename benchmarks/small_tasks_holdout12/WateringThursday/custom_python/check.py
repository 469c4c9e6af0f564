"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('watering_plan.txt')) == ['ferns: Thursday', 'tomatoes: Monday, Thursday, Friday', 'cactus: first Thursday of the month'], 'not edited as asked')
    ok(lines(read('watering_old.txt')) == ['ferns: Tuesday'], 'watering_old.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
