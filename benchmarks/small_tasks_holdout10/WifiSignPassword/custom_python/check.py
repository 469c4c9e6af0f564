"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('wifi_sign.txt')) == ['Guest Wi-Fi', 'Network: CafeMora', 'Password: sunflower23', 'Please ask staff for help'], read('wifi_sign.txt'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
