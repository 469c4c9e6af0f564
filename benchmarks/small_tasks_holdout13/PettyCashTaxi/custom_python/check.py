"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok([''.join(x.split()) for x in lines(read('petty_cash.txt'))] == ['4.80coffeebeans', '23.15printerpaper', '12.40taxireceipt'], 'not appended as the last line')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
