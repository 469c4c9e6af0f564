"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('reading_log.txt'))
    ok(got[:3] == ['day 1: 20 pages', 'day 2: 12 pages', 'day 3: 41 pages'], got)
    ok(len(got) == 4 and norm(got[3]) == 'day 4: 35 pages', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
