"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    ok(re.fullmatch(r'v?3\.12\.0', norm(read('app_version.txt'))), read('app_version.txt'))
    ok(lines(read('addon/addon_info.json')) == ['{', '"schema": 3', '"name": "Tab Tamer"', '"version": "3.12.0"', '"permissions": ["tabs", "storage"]', '}'], 'addon/addon_info.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
