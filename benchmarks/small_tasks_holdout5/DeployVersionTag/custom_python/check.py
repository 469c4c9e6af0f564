"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import norm, ok, read

try:
    ok(re.fullmatch(r'v?2\.10\.0-rc1', norm(read('deploy_version.txt'))), read('deploy_version.txt'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
