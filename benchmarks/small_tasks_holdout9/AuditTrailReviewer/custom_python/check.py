"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('audit_trail.md'))]
    ok(got == ['# audit trail', '2026-11-02 created by j. lund', '2026-11-15 amended by p. ruiz', 'reviewed by m. osei'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
