"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('crash/core.8812'), 'crash/core.8812 still exists')
    ok(lines(read('crash/core.8813')) == ['ELF dump b'], 'crash/core.8813 changed or gone')
    ok(lines(read('crash/crash_readme.txt')) == ['keep dumps 7 days'], 'crash/crash_readme.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
