"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok(not exists('old_logo.svg'), 'old_logo.svg still there')
    ok(read('logo.svg').strip() == '<svg><rect width="8"/></svg>', 'logo.svg changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
