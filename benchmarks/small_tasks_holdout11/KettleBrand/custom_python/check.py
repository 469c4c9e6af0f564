"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('brew_vendor.txt')) == 'bialetti', 'wrong value')
    ok(lines(read('brew_notes.md')) == ['we like Bodum'], 'brew_notes.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
