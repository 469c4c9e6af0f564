"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = sorted(norm(x) for x in lines(read('colours.txt')))
    ok(got == ['#1f3a5f', '#3d405b', '#e07a5f'], got)
    ok(lines(read('palette.csv')) == ['element,colour', 'header,#1f3a5f', 'button,#e07a5f', 'link,#1f3a5f', 'footer,#3d405b', 'badge,#e07a5f'], 'palette.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
