"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(lines(read('biology_lecture_03.txt')) == ['Cell membranes', 'phospholipid bilayer', 'proteins act as channels', 'Quiz on Friday'], read('biology_lecture_03.txt'))
    ok(not exists('lecture3.txt'), 'lecture3.txt still exists')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
