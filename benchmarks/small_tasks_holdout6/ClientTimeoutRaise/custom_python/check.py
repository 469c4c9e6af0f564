"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, module, ok, read

try:
    m = module('client_settings.py')
    ok(m.TIMEOUT_S == 45 and m.RETRIES == 3 and m.BASE_URL == 'http://127.0.0.1:8800', (m.TIMEOUT_S, m.RETRIES, m.BASE_URL))
    ok(len(lines(read('client_settings.py'))) == 3, read('client_settings.py'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
