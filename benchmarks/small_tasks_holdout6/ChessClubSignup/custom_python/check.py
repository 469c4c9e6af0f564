"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('chess_club.txt'))
    ok(got[:3] == ['Radoslaw Wierzbicki', 'Chidinma Eze', 'Leif Sandvik'], got)
    ok(len(got) == 4 and norm(got[3]) == 'devika raman', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
