"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, ok, read, rows

try:
    r = rows(read('buffer_prep.csv'))
    ok(r[0] == ['reagent', 'grams'] and [(x[0], amount(x[1], 'g')) for x in r[1:]] == [('NaCl', 8.0), ('KCl', 0.2)], 'wrong CSV')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
