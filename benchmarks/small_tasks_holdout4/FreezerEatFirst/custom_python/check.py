"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = sorted(norm(x) for x in items(read('eat_first.txt')))
    ok(got == ['berries', 'chili', 'peas'], got)
    ok(lines(read('freezer.csv')) == ['item,added', 'peas,2026-08-14', 'bread rolls,2026-10-22', 'chili,2026-09-03', 'berries,2026-07-30', 'soup,2026-11-01'], 'freezer.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
