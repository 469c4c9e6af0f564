"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read

try:
    ok('quick brown fox' in read('backup.txt'), 'backup')
    ok('quick brown fox' in read('source.txt'), 'source kept')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
