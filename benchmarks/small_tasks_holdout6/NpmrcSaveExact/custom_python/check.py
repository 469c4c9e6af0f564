"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    got = lines(read('.npmrc'))
    ok(got[:2] == ['registry=http://127.0.0.1:4873/', 'fund=false'], got)
    ok(len(got) == 3 and squeeze(got[2]) == 'save-exact=true', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
