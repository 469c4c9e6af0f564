"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('upload_39.part'), 'upload_39.part still there')
    ok(lines(read('upload_38.csv')) == ['id,val', '1,20', '2,31'], 'upload_38.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
