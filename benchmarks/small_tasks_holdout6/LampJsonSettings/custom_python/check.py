"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, number, ok

try:
    d = jload('lamp.json')
    ok(isinstance(d, dict) and sorted(d) == ['brightness', 'mode'], d)
    ok(number(d['brightness']) == 70, d)
    ok(str(d['mode']).strip().lower() == 'warm', d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
