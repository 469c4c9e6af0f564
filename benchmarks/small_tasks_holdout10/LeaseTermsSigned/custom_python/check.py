"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('signed/lease_terms.txt')) == ['Lease term: 12 months', 'Deposit: 1800 EUR', 'Pets: allowed with approval'], 'copy differs')
    ok(lines(read('lease_terms.txt')) == ['Lease term: 12 months', 'Deposit: 1800 EUR', 'Pets: allowed with approval'], 'lease_terms.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
