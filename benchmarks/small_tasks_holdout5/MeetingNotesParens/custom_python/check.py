"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(lines(read('meeting_notes.txt')) == ['Sprint review 21 Nov', 'demo the importer', 'decide on the release date'], read('meeting_notes.txt'))
    ok(not exists('meeting notes (1).txt'), 'meeting notes (1).txt still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
