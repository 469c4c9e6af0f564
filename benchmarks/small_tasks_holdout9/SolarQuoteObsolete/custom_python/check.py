"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('old_quote_2019.txt'), 'old_quote_2019.txt still there')
    ok(lines(read('quote_2026.txt')) == ['Quote #Q-2291: 16 solar panels, 8,950 EUR'], 'quote_2026.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
