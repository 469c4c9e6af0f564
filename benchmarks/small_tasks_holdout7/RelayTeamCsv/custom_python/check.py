"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import norm, number, ok, read, rows

try:
    r = rows(read('relay_team.csv'))
    head = [c.lower() for c in r[0]]
    ok(sorted(head) == ['leg', 'runner'] and len(r) == 4, r)
    i, j = head.index('runner'), head.index('leg')
    got = sorted((norm(x[i]), number(x[j])) for x in r[1:] if len(x) == 2)
    ok(got == [('bruno', 2.0), ('chiara', 3.0), ('tariq', 1.0)], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
