"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('km30.txt'))
    ok(re.fullmatch(r'0?2:11:48', got), got)
    ok(lines(read('running/splits.csv')) == ['km,elapsed', '10,0:44:05', '20,1:28:40', '30,2:11:48', '40,2:58:31', '42.2,3:09:12'], 'running/splits.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
