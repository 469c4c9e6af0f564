"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('fx_result.txt')) == 108.32, 'wrong number')
    ok(lines(read('fx_convert.py')) == ['eur, rate = 100, 1.0832', 'print(round(eur * rate, 2))'], 'fx_convert.py changed or gone')
    ok(lines(read('fx_convert_old.py')) == ['eur, rate = 100, 1.079', 'print(round(eur * rate, 2))'], 'fx_convert_old.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
