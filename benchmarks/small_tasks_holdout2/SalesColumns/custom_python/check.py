"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = sorted(norm(x) for x in lines(read('columns.txt')))
    ok(got == ['month', 'region', 'revenue', 'units'], got)
    ok(lines(read('sales_q2.csv')) == ['region,month,units,revenue', 'north,april,120,3480', 'south,april,95,2755'], 'sales_q2.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
