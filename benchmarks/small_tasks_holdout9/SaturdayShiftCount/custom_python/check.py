"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    got = amount(read('saturday_shifts.txt'), 'shifts', 'rows')
    ok(got == 3, got)
    ok(lines(read('volunteer_shifts.csv')) == ['name,day,slot', 'Ada,Saturday,am', 'Ben,Sunday,am', 'Cleo,Saturday,pm', 'Dev,Friday,pm', 'Eli,Saturday,am', 'Fay,Sunday,pm'], 'volunteer_shifts.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
