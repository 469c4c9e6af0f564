"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('crm_exports_2023'), 'crm_exports_2023 still there')
    ok(lines(read('crm_exports/current.csv')) == ['name,email', 'Gwen Tallis,gwen@tallis.example'], 'crm_exports/current.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
