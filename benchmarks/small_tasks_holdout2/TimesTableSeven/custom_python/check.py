"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = [' '.join(x.split()) for x in lines(read('table.txt'))]
    ok(got == ['1 x 7 = 7', '2 x 7 = 14', '3 x 7 = 21'], got)
    ok(lines(read('table.py')) == ['for i in range(1, 4):', "print(f'{i} x 7 = {i * 7}')"], 'table.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
