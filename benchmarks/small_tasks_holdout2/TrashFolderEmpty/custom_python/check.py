"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import files_in, ok, read

try:
    ok(files_in('trash') == [], files_in('trash'))
    ok(read('bill_18.txt').strip() == 'Invoice 18: 240 EUR', 'bill_18.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
