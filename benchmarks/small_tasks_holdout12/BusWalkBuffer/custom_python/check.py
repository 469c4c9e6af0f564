"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('leave_buffer.txt')) == 17, 'wrong number')
    ok(lines(read('bus_stop_walk.txt')) == ['12'], 'bus_stop_walk.txt changed or gone')
    ok(lines(read('bus_times.txt')) == ['07:52', '08:07'], 'bus_times.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
