"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('essay_v1.txt'), 'essay_v1.txt still there')
    ok(lines(read('essay_v2.txt')) == ['Why glaciers calve', 'Meltwater and tides undercut the ice front.'], 'essay_v2.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
