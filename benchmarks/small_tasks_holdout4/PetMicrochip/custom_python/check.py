"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import norm, ok, read

try:
    ok(re.sub(r'[\s-]', '', norm(read('chip_number.txt'))) == '981020003774512', read('chip_number.txt'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
