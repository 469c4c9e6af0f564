"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('core_dump_77.txt'), 'core_dump_77.txt still exists')
    ok(lines(read('crashinfo_77.txt')) == ['segfault at 77'], 'crashinfo_77.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
