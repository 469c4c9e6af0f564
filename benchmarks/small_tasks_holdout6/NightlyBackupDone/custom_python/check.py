"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('ops/nightly.log'))
    ok(got[:2] == ['2026-11-22 backup done 23:09', '2026-11-23 backup done 23:12'], got)
    ok(len(got) == 3 and norm(got[2]) == '2026-11-24 backup done 23:15', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
