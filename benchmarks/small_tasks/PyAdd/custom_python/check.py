"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read

try:
    ns = {}
    exec(read('add.py'), ns)
    ok(ns['add'](2, 3) == 5, 'add(2, 3)')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
