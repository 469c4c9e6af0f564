"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('allowlist.conf')) == ['# trusted hosts', '10.0.4.11', '10.0.4.19', '192.168.7.3', '10.0.4.27'], read('allowlist.conf'))
    ok(lines(read('denylist.conf')) == ['10.9.9.9'], 'denylist.conf changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
