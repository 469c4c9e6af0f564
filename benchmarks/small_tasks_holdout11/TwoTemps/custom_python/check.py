"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('scratch_a.tmp'), 'scratch_a.tmp still exists')
    ok(not exists('scratch_b.tmp'), 'scratch_b.tmp still exists')
    ok(lines(read('scratch_keep.txt')) == ['keep'], 'scratch_keep.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
