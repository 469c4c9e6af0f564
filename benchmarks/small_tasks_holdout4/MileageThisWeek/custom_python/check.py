"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import ok, read, rows

try:
    got = rows(read('mileage.csv'))
    ok(got[:3] == [['date', 'km'], ['2026-11-02', '412'], ['2026-11-09', '388']], got)
    ok(len(got) == 4 and len(got[3]) == 2 and got[3][0] == '2026-11-16', got)
    ok(re.fullmatch(r'405(\.0)?( ?km)?', got[3][1].lower()), got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
