"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('reading_club.md')) == ['# November Reading Club', 'Kindred', 'Circe'], 'wrong markdown')
    ok(sum(x.strip()[:2] in ('- ', '* ') for x in read('reading_club.md').splitlines()) == 2, 'not a bullet list')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
