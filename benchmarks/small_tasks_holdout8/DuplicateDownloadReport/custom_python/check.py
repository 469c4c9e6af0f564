"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, files_in, lines, ok, read

try:
    ok(not exists('downloads/quarterly_report (1).pdf'), files_in('downloads'))
    ok(lines(read('downloads/quarterly_report.pdf')) == ['(pdf, Q3 report, 14 pages)'], 'downloads/quarterly_report.pdf changed or gone')
    ok(lines(read('downloads/budget_notes.txt')) == ['ask Ilkka about the Q4 freeze'], 'downloads/budget_notes.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
