"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import json
import sys

from checks import ok, read

try:
    d = json.loads(read('person.json'))
    ok(d.get('name') == 'Ada' and str(d.get('age')) == '36', d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
