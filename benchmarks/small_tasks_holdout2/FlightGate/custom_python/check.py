"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('gate.txt')) in ('b22', 'gate b22'), read('gate.txt'))
    ok(lines(read('flights.csv')) == ['flight,destination,gate', 'AF1011,Nice,A07', 'LX318,Lisbon,B22', 'KL1782,Bergen,C15'], 'flights.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
