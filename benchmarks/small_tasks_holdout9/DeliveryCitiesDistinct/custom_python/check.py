"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = [norm(x) for x in items(read('cities.txt'))]
    ok(got == ['antwerp', 'bruges', 'ghent', 'leuven'], got)
    ok(lines(read('deliveries.csv')) == ['id,city,kg', '1,Ghent,12', '2,Antwerp,4', '3,Ghent,7', '4,Bruges,19', '5,Antwerp,2', '6,Leuven,5'], 'deliveries.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
