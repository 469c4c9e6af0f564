"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = {x.removeprefix('**/').strip('/') for x in lines(read('.gitignore')) if not x.startswith('#')}
    ok(got == {'__pycache__', '*.log'}, got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
