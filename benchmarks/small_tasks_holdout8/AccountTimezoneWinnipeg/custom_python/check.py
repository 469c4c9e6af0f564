"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    got = [squeeze(x, '"\'') for x in lines(read('account_settings.yml'))]
    ok(got == ['name:rachelokonkwo', 'email:rachel@okonkwo-home.example', 'timezone:america/winnipeg', 'newsletter:true'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
