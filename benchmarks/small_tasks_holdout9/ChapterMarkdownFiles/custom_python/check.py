"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    got = sorted(x.removeprefix('./').removeprefix('chapters/') for x in items(read('chapter_list.txt')))
    ok(got == ['01_arrival.md', '02_storm.md', '03_lighthouse.md'], got)
    ok(lines(read('chapters/01_arrival.md')) == ['# Arrival'], 'chapters/01_arrival.md changed or gone')
    ok(lines(read('chapters/02_storm.md')) == ['# Storm'], 'chapters/02_storm.md changed or gone')
    ok(lines(read('chapters/03_lighthouse.md')) == ['# Lighthouse'], 'chapters/03_lighthouse.md changed or gone')
    ok(lines(read('chapters/cover_art.svg')) == ['<svg viewBox="0 0 600 900"></svg>'], 'chapters/cover_art.svg changed or gone')
    ok(lines(read('chapters/outline.txt')) == ['arrival, storm, lighthouse'], 'chapters/outline.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
