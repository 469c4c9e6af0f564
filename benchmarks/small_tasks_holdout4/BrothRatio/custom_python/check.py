"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import norm, ok, read

try:
    ok(re.fullmatch(r'1 ?: ?3', norm(read('broth_ratio.txt'))), read('broth_ratio.txt'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
