"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('crash_0912.dmp'), 'crash_0912.dmp still there')
    ok(not exists('crash_0915.dmp'), 'crash_0915.dmp still there')
    ok(lines(read('crash_report.txt')) == ['Both crashes: null texture handle after resume from sleep.'], 'crash_report.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
