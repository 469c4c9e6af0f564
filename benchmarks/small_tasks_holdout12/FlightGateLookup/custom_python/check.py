"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('my_gate.txt')) == 'b27', 'wrong value')
    ok(lines(read('itinerary_lisbon.txt')) == ['Outbound TP1361 LHR->LIS 06:40 gate A12', 'Return TP1362 LIS->LHR 19:05 gate B27'], 'itinerary_lisbon.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
