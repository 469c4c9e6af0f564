"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import json
import sys

from checks import number, ok, read

try:
    d = json.loads(read('shapes.json'))
    ok(isinstance(d, dict) and sorted(str(k).lower() for k in d) == ['square', 'triangle'], d)
    d = {str(k).lower(): v for k, v in d.items()}
    ok(number(d['square']) == 4 and number(d['triangle']) == 3, d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
