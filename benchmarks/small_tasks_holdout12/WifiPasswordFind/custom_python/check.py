"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('wifi_secret.txt')) == 'sunflower82', 'wrong value')
    ok(lines(read('house_info.txt')) == ['Alarm code: 4471', 'Wifi name: Maple-Home', 'Wifi password: sunflower82', 'Bins: Thursday'], 'house_info.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
