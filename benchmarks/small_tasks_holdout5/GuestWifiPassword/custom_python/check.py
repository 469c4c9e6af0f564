"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read

try:
    got = ' '.join(read('network/guest_wifi.txt').split()).strip('"\'`')
    ok(got.rstrip('.') == 'maple-Otter-19', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
