"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('primes_under_50.txt')) == 15, read('primes_under_50.txt'))
    ok(lines(read('count_primes.py')) == ['import sys', 'n = int(sys.argv[1])', 'print(sum(1 for k in range(2, n) if all(k % d for d in range(2, int(k ** 0.5) + 1))))'], 'count_primes.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
