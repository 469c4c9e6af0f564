"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, run

try:
    got = run('shout.py', 'hello there').strip()
    ok(got == 'HELLO THERE', got)
    got = run('shout.py', 'quiet').strip()
    ok(got == 'QUIET', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
