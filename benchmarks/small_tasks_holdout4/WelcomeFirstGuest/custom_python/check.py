"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    ok(re.fullmatch(r'welcome,? marisol ?[!.]?', norm(read('welcome_banner.txt'))), read('welcome_banner.txt'))
    ok(lines(read('guests.txt')) == ['Marisol', 'Oskar', 'Temperance'], 'guests.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
