"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, files_in, lines, ok, read

try:
    ok(not exists('tax_receipts (1).txt'), 'duplicate still there')
    ok(files_in('.') == ['tax_receipts.txt'], files_in('.'))
    ok(lines(read('tax_receipts.txt')) == ['pharmacy 32.10', 'donation 50.00'], 'tax_receipts.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
