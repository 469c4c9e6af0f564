"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok([''.join(x.split()) for x in lines(read('holds_queue.txt'))] == ['MartaLindgren', 'OwenPryce', 'SaeedHaddad', 'IngridSolberg'], 'not appended as the last line')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
