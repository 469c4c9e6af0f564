"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    got = [squeeze(x) for x in lines(read('requirements-test.txt'))]
    ok(len(got) == 4 and 'hypothesis==6.112.1' in got, got)
    ok([x for x in got if x != 'hypothesis==6.112.1'] == ['pytest==8.2.2', 'pytest-cov==5.0.0', 'mypy==1.13.0'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
