"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    ok(sorted(items(read('u12_players.txt'))) == ['Amy Lin', 'Cal Reyes', 'Eli Moss'], 'wrong list')
    ok(lines(read('junior_squad.csv')) == ['name,age', 'Amy Lin,11', 'Bo Carter,12', 'Cal Reyes,10', 'Dina Shah,13', 'Eli Moss,11'], 'junior_squad.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
