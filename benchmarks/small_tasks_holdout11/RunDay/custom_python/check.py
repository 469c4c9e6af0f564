"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('weekday_result.txt')) == 'thursday', 'wrong value')
    ok(lines(read('weekday_of.py')) == ['import datetime', "print(datetime.date(2024, 2, 29).strftime('%A'))"], 'weekday_of.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
