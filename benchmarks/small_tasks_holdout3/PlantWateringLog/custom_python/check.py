"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('watering.log'))
    ok(got[:3] == ['2026-11-18 fern', '2026-11-20 cactus', '2026-11-21 fern'], got)
    ok(len(got) == 4 and norm(got[3]).split() == ['2026-11-24', 'fern'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
