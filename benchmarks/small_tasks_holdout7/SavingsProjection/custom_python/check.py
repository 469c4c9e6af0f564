"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('savings_out.txt')) in ('after 5 years: 1159.27', '1159.27'), read('savings_out.txt'))
    ok(lines(read('savings.py')) == ['balance = 1000.0', 'for year in range(5):', 'balance *= 1.03', 'print(f"After 5 years: {balance:.2f}")'], 'savings.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
