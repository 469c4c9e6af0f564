"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('guides/trailmap.mdx'), 'the .mdx is still there')
    ok(lines(read('guides/trailmap.md')) == ['# Hollowmere loop', '13.7 km, 610 m ascent', 'Start at the Kessel car park.'], 'content differs')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
