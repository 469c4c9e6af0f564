"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('secrets.txt'), 'secrets.txt still there')
    ok(lines(read('plan.md')) == ['# Plan', 'Check with Dana about staging.'], 'plan.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
