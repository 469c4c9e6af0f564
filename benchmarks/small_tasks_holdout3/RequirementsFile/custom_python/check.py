"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = sorted(x.lower() for x in lines(read('requirements.txt')) if not x.startswith('#'))
    ok(got == ['flask', 'requests'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
