"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('app.env'))
    ok(got[:2] == ['APP_NAME=ledger', 'LOG_LEVEL=info'], got)
    ok(len(got) == 3 and got[2].replace(' ', '') == 'TIMEOUT=30', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
