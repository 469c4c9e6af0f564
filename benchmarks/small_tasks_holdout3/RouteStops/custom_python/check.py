"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('stop_count.txt'), 'stops') == 5, read('stop_count.txt'))
    ok(lines(read('route.yaml')) == ['name: coastal', 'stops:', 'Dunmore', 'Kilcar', 'Ardara', 'Glenties', 'Maas'], 'route.yaml changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
