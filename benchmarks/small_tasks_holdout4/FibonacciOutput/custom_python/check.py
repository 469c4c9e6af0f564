"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, number, ok, read

try:
    got = [number(x) for x in items(read('fib_output.txt'))]
    ok(got == [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89], got)
    ok(lines(read('fib.py')) == ['a, b = 0, 1', 'out = []', 'for _ in range(12):', 'out.append(a)', 'a, b = b, a + b', "print(', '.join(str(n) for n in out))"], 'fib.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
