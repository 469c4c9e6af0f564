"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('IMG_4471.jpeg'), 'IMG_4471.jpeg still there')
    ok(lines(read('passport_scan.jpeg')) == ['(scan of passport, photo page, 450 dpi)'], read('passport_scan.jpeg'))
    ok(lines(read('IMG_4472.jpeg')) == ['(photo of the balcony plants)'], 'IMG_4472.jpeg changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
