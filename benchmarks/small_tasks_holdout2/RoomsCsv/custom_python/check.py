"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import number, ok, read, rows

try:
    got = rows(read('rooms.csv'))
    ok(len(got) == 3 and [c.lower() for c in got[0]] == ['room', 'seats'], got)
    ok(sorted((r[0].upper(), number(r[1])) for r in got[1:]) == [('A101', 30), ('B204', 12)], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
