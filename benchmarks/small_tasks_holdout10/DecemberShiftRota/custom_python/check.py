"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read, rows

try:
    ok(rows(read('rota_december.csv')) == [['name', 'shift'], ['Lena', 'early'], ['Marco', 'late'], ['Yuki', 'night']], read('rota_december.csv'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
