"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import number, ok, read, rows

try:
    got = rows(read('cellar.csv'))
    ok(len(got) == 4 and [c.lower() for c in got[0]] == ['wine', 'vintage'], got)
    ok(sorted((r[0].lower(), number(r[1])) for r in got[1:] if len(r) == 2) == [('picpoul', 2023), ('riesling kabinett', 2021), ('tinto velho', 2019)], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
