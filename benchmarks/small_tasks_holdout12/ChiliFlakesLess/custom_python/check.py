"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('chili_pot.txt')) == ['500 g beef mince', '1 tsp chili flakes', '1 tin kidney beans', '2 tsp cumin'], 'not edited as asked')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
