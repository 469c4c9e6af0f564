"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('site/brand_mark.svg')) == ['<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">', '<circle cx="32" cy="32" r="28" fill="#2a9d8f"/>', '</svg>'], read('site/brand_mark.svg'))
    ok(lines(read('assets/brand_mark.svg')) == ['<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">', '<circle cx="32" cy="32" r="28" fill="#2a9d8f"/>', '</svg>'], 'assets/brand_mark.svg changed or gone')
    ok(lines(read('site/home.html')) == ['<!doctype html>', '<title>Fernwick Labs</title>', '<img src="brand_mark.svg" alt="mark">'], 'site/home.html changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
