"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('old_thumbnails'), 'old_thumbnails still there')
    ok(lines(read('thumbnails_current/c_small.txt')) == ['thumb c'], 'thumbnails_current/c_small.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
