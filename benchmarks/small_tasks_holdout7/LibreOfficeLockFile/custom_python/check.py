"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('finance_docs/.~lock.budget.ods#'), 'the lock file is still there')
    ok(lines(read('finance_docs/budget.ods')) == ['(spreadsheet: household budget 2026)'], 'finance_docs/budget.ods changed or gone')
    ok(lines(read('finance_docs/budget_2025.ods')) == ['(spreadsheet: household budget 2025)'], 'finance_docs/budget_2025.ods changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
