"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read, rows

try:
    r = [[c.lower() for c in row] for row in rows(read('cafe_shifts.csv'))]
    ok(r and r[0] == ['name', 'day'], r)
    ok(sorted(r[1:]) == [['odile', 'tuesday'], ['wout', 'friday']], r)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
