"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('changelog.md'))
    ok(got[:2] == ['# Changes', '1.0 first release'], got)
    ok(len(got) == 3 and norm(got[2]) == '1.1 faster startup', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
