"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok([''.join(x.split()) for x in lines(read('memo_q4.txt'))] == ['Q4reviewmeeting:10December,room2.14', 'Bringthesalesfigures.'], 'not edited as asked')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
