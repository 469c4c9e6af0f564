"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read, rows

try:
    ok(rows(read('customers.csv')) == [['id', 'name', 'city'], ['1', 'Bluebell Bakery', 'Cork'], ['2', 'Tilde & Sons', 'Ghent'], ['3', 'Northline Freight', 'Accra']], read('customers.csv'))
    ok(not exists('export_final_FINAL2.csv'), 'export_final_FINAL2.csv still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
