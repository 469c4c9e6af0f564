"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import number, ok, read, rows

try:
    got = rows(read('stationery.csv'))
    ok(len(got) == 4 and got[0] == ['product', 'price'], got)
    ok(got[1] == ['notebook', '3.50'] and got[3] == ['stapler', '7.80'], got)
    ok(got[2][0] == 'pen' and len(got[2]) == 2 and number(got[2][1]) == 1.35, got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
