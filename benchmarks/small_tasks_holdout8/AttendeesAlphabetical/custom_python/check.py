"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('attendees_sorted.txt'))]
    ok(got == ['ambrose', 'dagny', 'henrikki', 'oluwaseun', 'perpetua'], got)
    ok(lines(read('attendees.txt')) == ['Oluwaseun', 'Dagny', 'Perpetua', 'Ambrose', 'Henrikki'], 'attendees.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
