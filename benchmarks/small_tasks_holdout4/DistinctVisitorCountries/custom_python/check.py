"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('countries.txt'), 'countries') == 4, read('countries.txt'))
    ok(lines(read('visitors.csv')) == ['name,country', 'Aiko,Japan', 'Lars,Iceland', 'Maren,Iceland', 'Diego,Chile', 'Hina,Japan', 'Tupac,Vietnam', 'Sofia,Chile'], 'visitors.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
