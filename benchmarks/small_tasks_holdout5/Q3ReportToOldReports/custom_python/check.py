"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(lines(read('old_reports/2026/q3_report.md')) == ['# Q3 report', 'Revenue: 182k', 'New customers: 41'], read('old_reports/2026/q3_report.md'))
    ok(not exists('q3_report.md'), 'q3_report.md still in the top folder')
    ok(lines(read('old_reports/2026/q2_report.md')) == ['# Q2 report', 'Revenue: 167k', 'New customers: 35'], 'old_reports/2026/q2_report.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
