"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('grandma_table.txt')) == 3, 'wrong number')
    ok(lines(read('seating_plan.py')) == ["guests = ['Uncle Ben', 'Cousin Ali', 'Grandma Rose', 'Aunt May']", 'for i, g in enumerate(guests):', "print(f'{g} -> table {i % 3 + 1}')"], 'seating_plan.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
