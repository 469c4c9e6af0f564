"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    got = read('travel_rows.txt')
    ok(amount(got, 'rows') == 4, got)
    ok(lines(read('card_oct.csv')) == ['date,category,amount', '2026-10-02,travel,42.80', '2026-10-03,food,12.10', '2026-10-07,office,8.99', '2026-10-09,travel,126.00', '2026-10-14,food,9.40', '2026-10-15,travel,27.30', '2026-10-21,office,31.00', '2026-10-28,travel,64.20', '2026-10-30,food,15.75'], 'card_oct.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
