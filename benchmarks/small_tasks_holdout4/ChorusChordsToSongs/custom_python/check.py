"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(lines(read('songs/chorus_chords.txt')) == ['G  D  Em  C', 'G  D  C  C'], read('songs/chorus_chords.txt'))
    ok(not exists('chorus_chords.txt'), 'chorus_chords.txt is still at the top')
    ok(lines(read('songs/verse_chords.txt')) == ['Em  C  G  D', 'Em  C  D  D'], 'songs/verse_chords.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
