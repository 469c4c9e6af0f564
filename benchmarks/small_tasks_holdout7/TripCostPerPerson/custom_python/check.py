"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import amount, lines, norm, ok, read

try:
    got = norm(read('costs/each.txt'))
    got = re.sub(r'^((each|per person)( owes| pays)?:? )', '', got)
    val = amount(got.strip('€ '), 'eur', 'euros', '€', 'each')
    ok(val is not None and abs(val - 137.80) < 0.005, got)
    ok(lines(read('costs/trip.csv')) == ['item,amount_eur', 'ferry tickets,86.40', 'hostel (2 nights),128.00', 'car hire,159.00', 'fuel,40.00'], 'costs/trip.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
