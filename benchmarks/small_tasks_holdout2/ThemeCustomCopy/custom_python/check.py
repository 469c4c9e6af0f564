"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import json
import sys

from checks import ok, read

try:
    want = {'name': 'Nord', 'accent': '#88c0d0', 'font_size': 14}
    ok(json.loads(read('theme_custom.json')) == want, read('theme_custom.json'))
    ok(json.loads(read('theme.json')) == want, 'theme.json changed')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
