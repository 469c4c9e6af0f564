"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('release_tag.txt'))
    ok(got == 'v4.12.7', got)
    ok(lines(read('VERSION')) == ['4.12.7'], 'VERSION changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
