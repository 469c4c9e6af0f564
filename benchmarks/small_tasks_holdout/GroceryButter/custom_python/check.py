"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok([x.lower() for x in lines(read('groceries.txt'))] == ['milk', 'bread', 'butter'],
       read('groceries.txt'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
