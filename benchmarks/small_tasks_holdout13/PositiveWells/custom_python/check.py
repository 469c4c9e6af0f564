"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('positives_n.txt')) == 4, 'wrong number')
    ok(lines(read('plate_map.csv')) == ['well,result', 'A1,negative', 'A2,positive', 'A3,positive', 'B1,negative', 'B2,positive', 'B3,inconclusive', 'C1,positive'], 'plate_map.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
