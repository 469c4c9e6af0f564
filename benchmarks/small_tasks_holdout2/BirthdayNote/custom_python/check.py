"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import norm, ok, read

try:
    got = norm(read('birthday.txt'))
    ok(re.fullmatch(r'12(th)? (of )?august|august 12(th)?', got), got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
