"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read, rows

try:
    ok(rows(read('squad_roster.csv')) == [['name', 'number'], ['Kofi', '9'], ['Lena', '4']], 'wrong CSV')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
