"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, rows

try:
    ok(rows(read('seating_plan_v2.csv')) == [['table', 'guests'], ['1', 'Mira;Jon;Zofia'], ['2', 'Pavel;Tess'], ['3', 'Omid;Lou;Kai;Bea']], read('seating_plan_v2.csv'))
    ok(lines(read('seating_plan.csv')) == ['table,guests', '1,Mira;Jon;Zofia', '2,Pavel;Tess', '3,Omid;Lou;Kai;Bea'], 'seating_plan.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
