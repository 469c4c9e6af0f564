"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, ok, read, rows

try:
    got = rows(read('trip_costs.csv'))
    ok(got[:3] == [['date', 'item', 'eur'], ['2026-11-18', 'train', '23.40'], ['2026-11-19', 'hotel', '96.00']], got)
    ok(len(got) == 4 and len(got[3]) == 3 and got[3][0] == '2026-11-24', got)
    ok(got[3][1].lower() == 'taxi' and amount(got[3][2], 'eur') == 18.9, got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
