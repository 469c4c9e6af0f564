"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import norm, ok, read

try:
    ok(norm(read('latest_report.txt')) == 'march: 57 orders', read('latest_report.txt'))
    for name, text in {'reports/2023-12.txt': 'December: 41 orders\n', 'reports/2024-03.txt': 'March: 57 orders\n', 'reports/2024-01.txt': 'January: 38 orders\n'}.items():
        ok(read(name) == text, name + ' changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
