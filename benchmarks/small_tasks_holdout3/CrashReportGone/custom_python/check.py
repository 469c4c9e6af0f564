"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('crash_report_0193.txt'), 'crash_report_0193.txt still exists')
    ok(lines(read('bug_list.txt')) == ['#41 login loops on Safari (fixed)', '#44 export button greyed out'], 'bug_list.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
