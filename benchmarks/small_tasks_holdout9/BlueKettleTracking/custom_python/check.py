"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('kettle_tracking.txt'))
    ok(got == 'rx448120952nl', got)
    ok(lines(read('orders_nov.json')) == ['{', '"orders": [', '{', '"item": "toaster, red"', '"tracking": "RX448120937NL"', '}', '{', '"item": "kettle, blue"', '"tracking": "RX448120952NL"', '}', '{', '"item": "kettle, green"', '"tracking": "RX448120966NL"', '}', ']', '}'], 'orders_nov.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
