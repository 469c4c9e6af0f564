"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    got = sorted(squeeze(x) for x in lines(read('requirements-dev.txt')))
    ok(got == ['pytest==8.2.2', 'ruff==0.7.4'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
