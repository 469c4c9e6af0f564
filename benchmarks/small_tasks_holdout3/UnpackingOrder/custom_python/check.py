"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('unpacking_order.txt'))]
    ok(got == ['lanterns', 'food box', 'stove', 'sleeping bags', 'tent'], got)
    ok(lines(read('packing_order.txt')) == ['tent', 'sleeping bags', 'stove', 'food box', 'lanterns'], 'packing_order.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
