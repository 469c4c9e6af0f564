"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('hours.txt'))
    want = ['Mon-Thu 09:00-17:45', 'Fri 09:00-17:45', 'Sat 10:00-14:00', 'Sun closed']
    ok(len(got) == 4 and [got[0]] + got[2:] == [want[0]] + want[2:], got)
    ok(re.fullmatch(r'fri 0?9:00 ?- ?19:30', norm(got[1])), got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
