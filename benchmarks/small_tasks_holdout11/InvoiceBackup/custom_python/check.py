"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(read('invoice_0427.bak') .strip() == 'total 88.10 EUR\nclient Hirsch', 'copy differs')
    ok(lines(read('invoice_0427.txt')) == ['total 88.10 EUR', 'client Hirsch'], 'invoice_0427.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
