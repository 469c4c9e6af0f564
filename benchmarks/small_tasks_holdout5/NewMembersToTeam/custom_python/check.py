"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('team.txt'))
    ok(got[:3] == ['Wren', 'Ilka', 'Sacha'], got)
    ok(sorted(norm(x) for x in got[3:]) == ['dmitri', 'eun-ji'], got)
    ok(lines(read('new_members.txt')) == ['Dmitri', 'Eun-ji'], 'new_members.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
