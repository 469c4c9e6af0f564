"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('calib_ph_0311.txt'), 'calib_ph_0311.txt still exists')
    ok(not exists('calib_ph_0312.txt'), 'calib_ph_0312.txt still exists')
    ok(lines(read('calib_ph_0313.txt')) == ['pH 7.00 ok'], 'calib_ph_0313.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
