"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import json
import sys

from checks import ok, read

try:
    ok(json.loads(read('numbers.json')) == [1, 2, 3], read('numbers.json'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
