"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('in_progress.txt')) == ['striped jumper', 'cable mittens'], 'wrong in_progress.txt')
    ok(lines(read('knitting_queue.txt')) == ['moss stitch cowl', 'chunky socks', 'cable mittens', 'baby blanket'], 'knitting_queue.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
