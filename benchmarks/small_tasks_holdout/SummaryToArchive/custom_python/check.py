"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, norm, ok, read

try:
    ok(norm(read('archive/summary.txt')) == 'q3 revenue grew by eleven percent', read('archive/summary.txt'))  # noqa: E501
    ok(not exists('summary.txt'), 'summary.txt still at the top')
    ok(exists('archive/index.txt'), 'archive/index.txt lost')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
