"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(lines(read('README.md')) == ['Tide Chart', '==========', "Prints tomorrow's high and low tides."], read('README.md'))
    ok(not exists('project_info.txt'), 'project_info.txt still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
