"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read

try:
    got = ' '.join(read('welcome.txt').split())
    ok(got == 'Welcome aboard! You will receive your badge on Monday. Ask Ines if you need anything.', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
