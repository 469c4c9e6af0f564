"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, number, ok

try:
    d = jload('sprinkler.json')
    ok(isinstance(d, dict) and sorted(d) == ['duration_min', 'start', 'zone'], d)
    ok(number(d['zone']) == 3 and number(d['duration_min']) == 12, d)
    ok(isinstance(d['start'], str) and d['start'].strip() in ('05:40', '5:40'), d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
