"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read, squeeze

try:
    got = squeeze(read('homepage/style.css'))
    ok(got == 'body{color:#222;background:#fdfcf9;}a{color:#0b57d0;}a:hover{color:#174ea6;}h1{color:#3c4043;letter-spacing:0.02em;}', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
