"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read, rows

try:
    got = rows(read('courses.csv'))
    ok(len(got) == 4 and got[0] == ['learner', 'level'], got)
    ok(got[1][0] == 'Lina' and len(got[1]) == 2 and got[1][1].upper() == 'B2', got)
    ok(got[2:] == [['Matteo', 'A2'], ['Suki', 'C1']], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
