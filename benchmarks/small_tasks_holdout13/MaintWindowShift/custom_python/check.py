"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('maint_window_utc.txt')) == 'sunday 03:00-05:00 utc', 'wrong value')
    ok(lines(read('maint_window_prev.txt')) == ['Saturday 22:00-23:00 UTC'], 'maint_window_prev.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
