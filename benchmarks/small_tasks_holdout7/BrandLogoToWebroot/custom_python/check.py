"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('webroot/img/mark_kw.svg'))
    ok(got == ['<svg viewBox="0 0 64 64">', '<circle cx="32" cy="32" r="30" fill="#2f6f5e"/>', '<text x="32" y="40" font-size="22" text-anchor="middle" fill="#fff">KW</text>', '</svg>'], got)
    ok(lines(read('brand/mark_kw.svg')) == ['<svg viewBox="0 0 64 64">', '<circle cx="32" cy="32" r="30" fill="#2f6f5e"/>', '<text x="32" y="40" font-size="22" text-anchor="middle" fill="#fff">KW</text>', '</svg>'], 'brand/mark_kw.svg changed or gone')
    ok(lines(read('webroot/img/hero.jpg')) == ['(photo of the workshop front)'], 'webroot/img/hero.jpg changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
