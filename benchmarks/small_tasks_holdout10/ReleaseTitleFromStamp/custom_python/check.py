"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('release_title.txt')) == 'release v3.8.2', read('release_title.txt'))
    ok(lines(read('VERSION_prev.txt')) == ['3.8.1'], 'VERSION_prev.txt changed or gone')
    ok(lines(read('VERSION_stamp.txt')) == ['3.8.2'], 'VERSION_stamp.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
