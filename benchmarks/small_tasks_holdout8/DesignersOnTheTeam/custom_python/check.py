"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = sorted(norm(x) for x in lines(read('designers.txt')))
    ok(got == ['aoibheann kinsella', 'chidera obi', 'tomoko ishii'], got)
    ok(lines(read('team.csv')) == ['name,role', 'Aoibheann Kinsella,designer', 'Bartek Nowicki,developer', 'Tomoko Ishii,designer', 'Ruggero Castaldi,product manager', 'Chidera Obi,designer'], 'team.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
