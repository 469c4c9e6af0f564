"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, jload, ok, read

try:
    ok(jload('waypoints.json') == [{'name': 'hut', 'alt': 2210}, {'name': 'pass', 'alt': 2675}], read('waypoints.json'))
    ok(not exists('waypoints.jsn'), 'waypoints.jsn still exists')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
