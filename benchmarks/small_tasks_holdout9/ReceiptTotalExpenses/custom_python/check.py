"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('expenses_nov.txt'))]
    ok(got == ['total paid: 42.00', 'total paid: 7.35', 'total paid: 18.95'], got)
    ok(lines(read('receipt_0412.txt')) == ['Corner Hardware', 'screws 3.20', 'hinge x2 11.60', 'sandpaper 4.15', 'TOTAL 18.95'], 'receipt_0412.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
