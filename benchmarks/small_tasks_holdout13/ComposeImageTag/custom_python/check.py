"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('compose_image.txt')) == 'image: shopfront:v2.14.3', 'wrong value')
    ok(lines(read('release_notes.md')) == ['## v2.14.2', 'fix cart badge'], 'release_notes.md changed or gone')
    ok(lines(read('shopfront_release.txt')) == ['v2.14.3'], 'shopfront_release.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
