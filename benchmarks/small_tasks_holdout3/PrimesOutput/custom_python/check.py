"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = ' '.join(read('primes.txt').replace(',', ' ').split())
    ok(got == '2 3 5 7 11 13 17 19 23 29', got)
    ok(lines(read('primes.py')) == ['found = []', 'for n in range(2, 30):', 'if all(n % d for d in range(2, n)):', 'found.append(str(n))', "print(' '.join(found))"], 'primes.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
