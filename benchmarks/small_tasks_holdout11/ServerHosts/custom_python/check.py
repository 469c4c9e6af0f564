"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('cluster_nodes.txt')) == ['web-1', 'web-2', 'db-primary', 'db-replica-3'], 'not appended as the last line')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
