"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('lt208_owner.txt')) == 'lindqvist', 'wrong value')
    ok(lines(read('asset_register.csv')) == ['tag,owner', 'LT-207,Okafor', 'LT-208,Lindqvist', 'LT-209,Moreau'], 'asset_register.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
