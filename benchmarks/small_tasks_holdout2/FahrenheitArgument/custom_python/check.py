"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, number, ok, read

try:
    ok(number(read('fahrenheit.txt')) == 86, read('fahrenheit.txt'))
    ok(lines(read('convert.py')) == ['import sys', 'celsius = float(sys.argv[1])', 'print(celsius * 9 / 5 + 32)'], 'convert.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
