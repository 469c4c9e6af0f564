"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = sorted(norm(x) for x in items(read('joined.txt')))
    ok(got == ['emil', 'farah'], got)
    ok(lines(read('roster_old.txt')) == ['Amara', 'Bjorn', 'Ceri', 'Dalia'], 'roster_old.txt changed or gone')
    ok(lines(read('roster_new.txt')) == ['Amara', 'Ceri', 'Dalia', 'Emil', 'Farah'], 'roster_new.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
