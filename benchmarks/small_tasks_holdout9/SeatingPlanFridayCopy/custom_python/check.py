"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, rows

try:
    got = rows(read('table_seating_friday.csv'))
    ok(got == [['table', 'guest'], ['1', 'Amara'], ['1', 'Bo'], ['2', 'Chidi'], ['2', 'Dana']], got)
    ok(lines(read('table_seating.csv')) == ['table,guest', '1,Amara', '1,Bo', '2,Chidi', '2,Dana'], 'table_seating.csv changed or gone')
    ok(lines(read('table_seating_thursday.csv')) == ['table,guest', '1,Ezra', '2,Fumiko'], 'table_seating_thursday.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
