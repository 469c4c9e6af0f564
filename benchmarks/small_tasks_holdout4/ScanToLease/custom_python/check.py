"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(lines(read('lease_agreement.pdf')) == ['Tenancy agreement', 'Flat 4, 17 Rowan Street', 'Rent: 940 per month'], read('lease_agreement.pdf'))
    ok(not exists('scan0007.pdf'), 'scan0007.pdf still exists')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
