"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('takeaway_menu_2019.txt'), 'takeaway_menu_2019.txt still exists')
    ok(lines(read('takeaway_menu_2026.txt')) == ['Pad thai 9.95'], 'takeaway_menu_2026.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
