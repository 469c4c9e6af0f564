"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read, rows

try:
    got = [[c.lower() for c in r] for r in rows(read('seats.csv'))]
    ok(got == [['passenger', 'seat'], ['giulia', '3a'], ['omar', '14c'], ['yuto', '22b']], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
