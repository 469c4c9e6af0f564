"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('party/guests.md'))
    ok(got[:4] == ['# Saturday', 'Gwilym', 'Rosalind', 'Teodora'], got)
    ok(sorted(norm(x) for x in got[4:]) == ['bastien', 'ifeoma'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
