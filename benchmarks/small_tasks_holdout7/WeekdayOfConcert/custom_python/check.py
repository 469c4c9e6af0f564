"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('weekday_out.txt')) in ('the concert is on a friday', 'friday'), read('weekday_out.txt'))
    ok(lines(read('weekday.py')) == ['from datetime import date', 'concert = date(2027, 5, 14)', 'print(f"The concert is on a {concert:%A}.")'], 'weekday.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
