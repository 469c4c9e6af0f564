"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = sorted(x.strip('"') for x in lines(read('profile_keys.txt')))
    ok(got == ['language', 'theme', 'username'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
