"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('frontdesk_visits.log')) == ['Ted Orr 09:12', 'Lina Bek 11:40', 'Mara Quist 14:05'], 'not appended as the last line')
    ok(lines(read('frontdesk_old.log')) == ['x'], 'frontdesk_old.log changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
