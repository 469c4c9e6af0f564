"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('gate_answer.txt')) == 'd7', 'wrong value')
    ok(lines(read('departures_board.txt')) == ['KL1041 gate D4', 'KL1043 gate D7', 'KL1045 gate D9'], 'departures_board.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
