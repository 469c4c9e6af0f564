"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('jog_diary.txt')) == ['2026-11-20 4.0 km 25 min', '2026-11-22 6.1 km 38 min', '2026-11-24 5.2 km 31 min'], 'not appended as the last line')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
