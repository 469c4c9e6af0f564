"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('books_read.txt'))
    ok(got[:3] == ['Amber Tides', 'Nine Lanterns', 'A Winter in Tallinn'], got)
    ok(len(got) == 4 and norm(got[3]) == 'the glass cartographer', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
