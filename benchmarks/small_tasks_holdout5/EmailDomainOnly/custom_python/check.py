"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('domain.txt')).lstrip('@') == 'fernwick-labs.example', read('domain.txt'))
    ok(lines(read('email.txt')) == ['orla.mckenna@fernwick-labs.example'], 'email.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
