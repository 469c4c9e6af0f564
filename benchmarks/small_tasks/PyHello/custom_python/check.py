"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, run

try:
    out = run('hello.py')
    ok('Hello' in out, out)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
