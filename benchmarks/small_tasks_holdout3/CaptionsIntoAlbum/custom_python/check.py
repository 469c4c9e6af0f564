"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('album/captions.txt')) == ['IMG_01: sunrise over the bay', 'IMG_02: Nadia with the kayak', 'IMG_03: lighthouse at noon'], read('album/captions.txt'))
    ok(lines(read('captions.txt')) == ['IMG_01: sunrise over the bay', 'IMG_02: Nadia with the kayak', 'IMG_03: lighthouse at noon'], 'captions.txt changed or gone')
    ok(lines(read('album/cover_note.txt')) == ['cover: IMG_03'], 'album/cover_note.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
