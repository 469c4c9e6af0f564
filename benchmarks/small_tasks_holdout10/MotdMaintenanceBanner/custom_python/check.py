"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import norm, ok, read

try:
    ok(norm(read('motd_banner.txt')) == 'maintenance saturday 02:00-04:00 utc', read('motd_banner.txt'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
