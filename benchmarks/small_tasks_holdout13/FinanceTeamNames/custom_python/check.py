"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    ok(sorted(items(read('finance_team.txt'))) == ['Ahmed Rahimi', 'Helga Brun', 'Kenji Sato'], 'wrong list')
    ok(lines(read('staff_teams_2026.csv')) == ['name,team', 'Ola Nordmann,Sales', 'Helga Brun,Finance', 'Kenji Sato,Finance', 'Mia Costa,HR', 'Ahmed Rahimi,Finance'], 'staff_teams_2026.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
