"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read, rows

try:
    r = rows(read('exam_rooms.csv'))
    want = [['candidate', 'room', 'seat'], ['C-104', 'A03', '12'], ['C-118', 'A03', '14'], ['C-131', 'B12', '2']]
    ok(len(r) == 4 and r[:2] == want[:2] and r[3] == want[3], r)
    ok(len(r[2]) == 3 and r[2][0] == 'C-118' and r[2][1].upper() == 'B12' and r[2][2] == '14', r[2])
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
