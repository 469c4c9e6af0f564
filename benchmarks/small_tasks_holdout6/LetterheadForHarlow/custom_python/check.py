"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('clients/harlow_cycles/letterhead.txt')) == ['Fenwick & Daughters Printworks', '9 Tanyard Row', 'VAT GB 402 7781 19'], 'copy differs')
    ok(lines(read('stationery/letterhead.txt')) == ['Fenwick & Daughters Printworks', '9 Tanyard Row', 'VAT GB 402 7781 19'], 'stationery/letterhead.txt changed or gone')
    ok(lines(read('clients/harlow_cycles/order_0311.txt')) == ['350 flyers, A5, matte'], 'clients/harlow_cycles/order_0311.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
