"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('version.txt')).lstrip('v') == '2.7.1', read('version.txt'))
    ok(lines(read('package.json')) == ['{', '"name": "tide-chart"', '"version": "2.7.1"', '"private": true', '}'], 'package.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
