"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('puppy_name.txt')) == 'biscuit', 'wrong value')
    ok(lines(read('pets_before.txt')) == ['Rex (dog, 2014-2025)'], 'pets_before.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
