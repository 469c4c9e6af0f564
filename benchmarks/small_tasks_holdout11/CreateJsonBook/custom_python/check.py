"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, ok

try:
    d = jload('bookcard.json')
    ok(d == {'title': 'Solaris', 'year': 1961}, 'wrong JSON')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
