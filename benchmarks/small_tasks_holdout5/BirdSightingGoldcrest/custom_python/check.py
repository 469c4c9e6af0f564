"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('birds/sightings.txt'))
    ok(got[:2] == ['2026-11-20 blackbird', '2026-11-22 jay'], got)
    ok(len(got) == 3 and norm(got[2]) == '2026-11-24 goldcrest', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
