"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    ok(sorted(items(read('december_jabs.txt'))) == ['Nutmeg', 'Olive', 'Pepper'], 'wrong list')
    ok(lines(read('pet_vaccines.csv')) == ['name,species,due', 'Pepper,dog,2026-12-03', 'Mochi,cat,2027-01-15', 'Nutmeg,rabbit,2026-12-20', 'Ziggy,dog,2026-11-30', 'Olive,cat,2026-12-28'], 'pet_vaccines.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
