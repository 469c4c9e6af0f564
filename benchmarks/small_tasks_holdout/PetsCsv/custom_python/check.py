"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import csv
import sys

from checks import ok, read

try:
    rows = [[c.strip() for c in r] for r in csv.reader(read('pets.csv').splitlines()) if any(c.strip() for c in r)]  # noqa: E501
    ok(len(rows) == 2, rows)
    ok([c.lower() for c in rows[0]] == ['name', 'species'], rows)
    ok([c.lower() for c in rows[1]] == ['rex', 'dog'], rows)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
