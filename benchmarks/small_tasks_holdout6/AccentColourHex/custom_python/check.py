"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('theme/accent.txt')) == '#3a7d44', read('theme/accent.txt'))
    ok(lines(read('theme/base.txt')) == ['#F4F1EA'], 'theme/base.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
