"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read

try:
    ok('Meeting at noon' in read('notes_copy.txt'), 'copy')
    ok('Meeting at noon' in read('notes.txt'), 'original kept')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
