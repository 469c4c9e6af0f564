"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok(read('q3_revenue.csv').strip() == 'm,v\njul,4', 'content differs')
    ok(not exists('q3figures.csv'), 'old name still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
