"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok('Sales went up.' in read('report.txt'), 'new')
    ok(not exists('report_old.txt'), 'old gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
