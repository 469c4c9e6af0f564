"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = sorted(norm(x) for x in items(read('db_hosts.txt')))
    ok(got == ['cedar', 'dogwood'], got)
    ok(lines(read('inventory.ini')) == ['[web]', 'alder', 'birch', '[db]', 'cedar', 'dogwood', '[cache]', 'elm'], 'inventory.ini changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
