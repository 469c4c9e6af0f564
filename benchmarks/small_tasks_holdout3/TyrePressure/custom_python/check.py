"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import norm, ok, read

try:
    ok(re.fullmatch(r'4[.,]5 ?(bar)?', norm(read('tyre_pressure.txt'))), read('tyre_pressure.txt'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
