"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, number, ok, read

try:
    ok(number(read('tip_output.txt')) == 7.2, read('tip_output.txt'))
    ok(lines(read('tip.py')) == ['bill = 48', 'print(round(bill * 0.15, 2))'], 'tip.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
