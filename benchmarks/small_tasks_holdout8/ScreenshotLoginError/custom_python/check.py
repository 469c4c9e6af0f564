"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('Screenshot 2026-11-20 at 09.14.02.png'), 'old name still there')
    ok(lines(read('login_error.png')) == ["(png, 1440x900, browser showing 'invalid session token')"], read('login_error.png'))
    ok(lines(read('Screenshot 2026-11-21 at 17.40.55.png')) == ['(png, 1440x900, empty dashboard)'], 'Screenshot 2026-11-21 at 17.40.55.png changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
