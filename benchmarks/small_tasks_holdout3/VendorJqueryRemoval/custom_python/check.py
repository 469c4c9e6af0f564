"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('vendor/jquery.min.js'), 'vendor/jquery.min.js still exists')
    ok(lines(read('vendor/COPYING')) == ['MIT License', 'Copyright the vendor authors'], 'vendor/COPYING changed or gone')
    ok(lines(read('index.html')) == ['<html><body><h1>Shop</h1></body></html>'], 'index.html changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
