"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('notes/tuesday.txt'), 'notes/tuesday.txt still exists')
    ok(lines(read('notes/monday.txt')) == ['call the plumber'], 'notes/monday.txt changed or gone')
    ok(lines(read('notes/wednesday.txt')) == ['pick up the parcel'], 'notes/wednesday.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
