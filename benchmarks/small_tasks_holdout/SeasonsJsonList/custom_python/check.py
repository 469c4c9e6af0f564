"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import json
import sys

from checks import ok, read

try:
    d = json.loads(read('seasons.json'))
    ok(isinstance(d, list) and [str(x).strip().lower() for x in d] == ['spring', 'summer', 'autumn', 'winter'], d)  # noqa: E501
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
