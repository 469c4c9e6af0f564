"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('uptime_pct.txt')) == '99.7%', 'wrong value')
    ok(lines(read('uptime_report.py')) == ['down_min, month_min = 13, 4320', "print(f'{round(100 * (1 - down_min / month_min), 2)}%')"], 'uptime_report.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
