"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import number, ok, read, rows

try:
    got = rows(read('swim_times.csv'))
    ok(len(got) == 3 and [c.lower() for c in got[0]] == ['swimmer', 'seconds'], got)
    ok(all(len(r) == 2 for r in got), got)
    ok(sorted((r[0].lower(), number(r[1])) for r in got[1:]) == [('bram', 29.8), ('ottilie', 31.2)], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
