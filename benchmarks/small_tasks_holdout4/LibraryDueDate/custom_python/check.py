"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('due.txt')) == '2026-12-03', read('due.txt'))
    ok(lines(read('loans.csv')) == ['title,borrower,due', 'Knot Tying for Beginners,Ruth,2026-12-03', 'The Copper Road,Ruth,2026-11-28', 'Clockwork Gardens,Emeka,2026-12-10'], 'loans.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
