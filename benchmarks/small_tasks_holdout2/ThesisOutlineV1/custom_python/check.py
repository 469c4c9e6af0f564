"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    want = ['# Thesis outline', '1. Motivation', '2. Related work', '3. Method: tidal sensors', '4. Results', '5. Outlook']
    ok(lines(read('thesis_outline_v1.md')) == want, read('thesis_outline_v1.md'))
    ok(lines(read('thesis_outline.md')) == want, 'thesis_outline.md changed')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
