"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok(read('pricelist_winter.txt').strip() == 'wool socks 12.90\nscarf 24.00', 'content differs')
    ok(not exists('pricelist_draft.txt'), 'old name still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
