"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    got = [squeeze(x) for x in lines(read('sprint_board.md'))]
    ok(got == ['#sprint14', '[x]fixloginredirect', '[x]writereleasenotes', '[]updatescreenshots'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
