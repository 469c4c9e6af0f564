"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('crash_dump_old.log'), 'crash_dump_old.log still there')
    ok(lines(read('crash_dump_new.log')) == ['oom at 14:02'], 'crash_dump_new.log changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
