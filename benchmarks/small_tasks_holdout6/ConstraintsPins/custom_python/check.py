"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    got = sorted(squeeze(x) for x in lines(read('constraints.txt')))
    ok(got == ['numpy==2.1.3', 'pandas==2.2.3'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
