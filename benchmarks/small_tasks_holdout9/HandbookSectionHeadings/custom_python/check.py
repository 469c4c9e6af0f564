"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = sorted(norm(x).removeprefix('## ') for x in lines(read('handbook_sections.txt')))
    ok(got == ['expenses', 'leave', 'working hours'], got)
    ok(lines(read('handbook.md')) == ['# Staff handbook', '## Working hours', 'Core hours are 10-16.', '## Expenses', 'Keep receipts.', '### Travel', 'Second class only.', '## Leave', '25 days a year.'], 'handbook.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
