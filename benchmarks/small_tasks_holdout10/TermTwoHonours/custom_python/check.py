"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    ok(sorted(norm(x) for x in items(read('honours.txt'))) == ['abel', 'dina', 'faye'], read('honours.txt'))
    ok(lines(read('grades_term2.csv')) == ['student,score', 'Abel,91', 'Bea,80', 'Cato,67', 'Dina,85', 'Emre,79', 'Faye,100'], 'grades_term2.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
