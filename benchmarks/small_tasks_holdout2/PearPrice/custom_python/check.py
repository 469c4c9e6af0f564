"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import number, ok, read, rows

try:
    got = rows(read('fruit_prices.csv'))
    ok([c.lower() for c in got[0]] == ['fruit', 'price'], got)
    ok([(r[0].lower(), number(r[1])) for r in got[1:]] == [('apples', 1.2), ('pears', 2.4), ('plums', 3.1)], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
