"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('blog/wip/solar-eclipse-2027.md'), 'draft still there')
    got = lines(read('blog/live/solar-eclipse-2027.md'))
    ok(got == ['---', 'title: Watching the 2027 eclipse from Luxor', 'draft: false', '---', 'Totality lasts over six minutes there.'], got)
    ok(lines(read('blog/wip/rock-pools.md')) == ['---', 'title: Rock pools', 'draft: true', '---'], 'blog/wip/rock-pools.md changed or gone')
    ok(lines(read('blog/live/first-light.md')) == ['---', 'title: First light', '---', 'Hello.'], 'blog/live/first-light.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
