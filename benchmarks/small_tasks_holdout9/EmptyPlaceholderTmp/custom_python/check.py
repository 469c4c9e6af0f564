"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('placeholder.tmp'), 'placeholder.tmp still there')
    ok(lines(read('render_queue.tmp')) == ['frame 120-180'], 'render_queue.tmp changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
