"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('q3_travel_rows.txt')) == 3, 'wrong number')
    ok(lines(read('ledger_q3.csv')) == ['date,category,eur', '07-02,travel,310', '07-09,office,45', '07-21,meals,62', '08-04,travel,128', '08-30,office,19', '09-12,software,99', '09-18,travel,240'], 'ledger_q3.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
