"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('gala_lane.txt')) == '4', 'wrong value')
    ok(lines(read('gala_heats.txt')) == ['heat 1: lane 3', 'heat 2: lane 5'], 'gala_heats.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
