"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    got = [squeeze(x) for x in lines(read('editor.conf'))]
    ok('theme=solarized-dark' in got, got)
    ok(lines(read('prefs.json')) == ['{"theme": "solarized-dark", "font_size": 13, "autosave": true}'], 'prefs.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
