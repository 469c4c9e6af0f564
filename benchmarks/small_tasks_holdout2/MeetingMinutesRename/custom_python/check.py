"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(lines(read('meeting_2024-03-12.txt')) == ['Attendees: Ola, Ben, Farid', 'Decision: ship the beta on Friday'], read('meeting_2024-03-12.txt'))
    ok(not exists('mtg_0312.txt'), 'mtg_0312.txt still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
