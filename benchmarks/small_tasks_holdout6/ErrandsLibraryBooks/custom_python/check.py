"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('errands.md'))
    ok(got[:2] == ['pick up dry cleaning', 'buy stamps'], got)
    ok(len(got) == 3 and norm(got[2]) == 'return library books', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
