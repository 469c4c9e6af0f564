"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    got = [squeeze(x) for x in lines(read('dehumidifier.ini'))]
    ok(got == ['[device]', 'name=cellar', 'target_humidity=48', 'fan_speed=2'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
