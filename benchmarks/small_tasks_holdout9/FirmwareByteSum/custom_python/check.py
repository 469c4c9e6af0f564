"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('firmware_sum.txt'))
    ok(got == '0799', got)
    ok(lines(read('firmware_blob.txt')) == ['ESP32 build 7.1.3', 'flash 4MB'], 'firmware_blob.txt changed or gone')
    ok(lines(read('firmware_prev.txt')) == ['ESP32 build 6.9.0', 'flash 4MB'], 'firmware_prev.txt changed or gone')
    ok(lines(read('sum_bytes.py')) == ['import sys', 'with open(sys.argv[1], "rb") as fh:', 'data = fh.read()', 'print(f"{sum(data) % 65536:04x}")'], 'sum_bytes.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
