"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('lease_agreement copy.txt'), 'the copy is still there')
    ok(lines(read('lease_agreement.txt')) == ['Tenant: R. Haddad', 'Rent: 1,150 per month'], 'lease_agreement.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
