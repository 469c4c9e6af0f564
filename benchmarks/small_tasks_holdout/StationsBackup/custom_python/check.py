"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import json
import sys

from checks import ok, read

try:
    want = {'line': 'U4', 'stations': ['Hafen', 'Markt', 'Zoo']}
    ok(json.loads(read('stations_old.json')) == want, read('stations_old.json'))
    ok(json.loads(read('stations.json')) == want, 'stations.json changed')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
