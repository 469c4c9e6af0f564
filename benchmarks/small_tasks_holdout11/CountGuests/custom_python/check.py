"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('rsvp_total.txt')) == 7, 'wrong number')
    ok(lines(read('rsvp_yes.txt')) == ['Ana', 'Bo', 'Cyd', 'Dee', 'Eli', 'Fay', 'Gus'], 'rsvp_yes.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
