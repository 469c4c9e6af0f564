"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('days_left.txt'), 'days') == 110, read('days_left.txt'))
    ok(lines(read('days_left.py')) == ['from datetime import date', 'print((date(2027, 3, 14) - date(2026, 11, 24)).days)'], 'days_left.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
