"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('contract_draft.md'))
    ok(got == ['# Service agreement', 'This agreement is between Acme Group and Brightwater Ltd.', '1. Acme Group provides monthly window cleaning.', '2. Brightwater Ltd pays within 30 days.', "3. Either party may end it with 60 days' notice to Acme Group."], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
