"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import norm, ok, read, rows

try:
    r = rows(read('runners.csv'))
    ok(len(r) == 3 and [c.lower() for c in r[0]] == ['name', 'bib'], r)
    ok(sorted((norm(a), b) for a, b in r[1:]) == [('leandro', '52'), ('oksana', '417')], r)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
