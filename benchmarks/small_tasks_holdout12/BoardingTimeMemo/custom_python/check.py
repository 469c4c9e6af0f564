"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('boarding_clock.txt')) == '07:45', 'wrong value')
    ok(lines(read('ferry_ticket.txt')) == ['Depart 08:15', 'Check-in closes 07:30'], 'ferry_ticket.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
