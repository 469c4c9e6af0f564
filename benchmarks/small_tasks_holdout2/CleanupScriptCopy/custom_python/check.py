"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    want = ['#!/bin/sh', 'rm -rf ./build', 'rm -f ./*.log', 'echo cleaned']
    ok(lines(read('cleanup_test.sh')) == want, read('cleanup_test.sh'))
    ok(lines(read('cleanup.sh')) == want, 'cleanup.sh changed')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
