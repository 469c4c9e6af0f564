"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok([norm(x) for x in lines(read('gear_checklist.md'))] == ['# gear', 'tent', 'stove', 'headlamp', 'water filter'], read('gear_checklist.md'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
