"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = sorted(norm(x) for x in items(read('long_hikes.txt')))
    ok(got == ['ridge loop', 'summit trail'], got)
    ok(lines(read('hikes.csv')) == ['trail,km', 'Ridge Loop,12.4', 'Fern Gully,6.0', 'Old Mill Path,9.7', 'Summit Trail,15.8', 'Lakeshore,8.3'], 'hikes.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
