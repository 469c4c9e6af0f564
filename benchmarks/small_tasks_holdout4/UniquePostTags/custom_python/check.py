"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = sorted(norm(x) for x in items(read('tags.txt')))
    ok(got == ['a11y', 'css', 'layout', 'python'], got)
    ok(lines(read('posts.json')) == ['[', '{', '"title": "Centering things"', '"tags": [', '"css"', '"layout"', ']', '}', '{', '"title": "Typing kwargs"', '"tags": [', '"python"', '"css"', ']', '}', '{', '"title": "Skip links"', '"tags": [', '"layout"', '"a11y"', ']', '}', ']'], 'posts.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
