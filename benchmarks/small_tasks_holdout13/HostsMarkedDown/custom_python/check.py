"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    ok(sorted(items(read('hosts_down.txt'))) == ['cache-02', 'search-03'], 'wrong list')
    ok(lines(read('health_check.txt')) == ['cache-01 UP', 'cache-02 DOWN', 'queue-01 UP', 'search-03 DOWN', 'search-04 UP'], 'health_check.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
