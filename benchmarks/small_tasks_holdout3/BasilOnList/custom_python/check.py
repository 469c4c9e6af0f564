"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('has_basil.txt')) == 'no', read('has_basil.txt'))
    ok(lines(read('herbs.txt')) == ['parsley', 'thyme', 'rosemary', 'coriander'], 'herbs.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
