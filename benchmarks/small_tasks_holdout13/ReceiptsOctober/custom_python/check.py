"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok(read('receipts_oct.csv').strip() == 'date,eur\n2026-10-03,18.20\n2026-10-17,7.45', 'content differs')
    ok(not exists('receipts_misc.csv'), 'old name still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
