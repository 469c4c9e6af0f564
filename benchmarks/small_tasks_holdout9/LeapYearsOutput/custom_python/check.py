"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    got = items(read('leap_output.txt'))
    ok(got == ['1896', '1904', '1908', '1912', '1916'], got)
    ok(lines(read('leap_years.py')) == ['for y in range(1896, 1920, 4):', 'if y % 100 != 0 or y % 400 == 0:', 'print(y)'], 'leap_years.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
