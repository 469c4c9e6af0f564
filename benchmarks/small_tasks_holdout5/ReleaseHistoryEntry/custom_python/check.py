"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('website/RELEASES.md'))
    ok(got[:3] == ['# Releases', '0.8.0: add export button', '0.8.1: fix crash on empty project'], got)
    ok(len(got) == 4 and norm(got[3]) == '0.8.2: faster startup', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
