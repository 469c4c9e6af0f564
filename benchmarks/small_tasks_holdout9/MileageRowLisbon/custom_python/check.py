"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, rows

try:
    got = rows(read('mileage_log.csv'))
    ok(got == [['date', 'destination', 'km'], ['2026-11-28', 'Porto', '313'], ['2026-12-01', 'Braga', '54'], ['2026-12-03', 'Lisbon', '412']], got)
    ok(lines(read('fuel_receipts.csv')) == ['date,litres,eur', '2026-11-28,41.2,70.85'], 'fuel_receipts.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
