"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('stats.txt')) == 'longest: lighthouse', read('stats.txt'))
    ok(lines(read('word_stats.py')) == ["with open('story.txt') as fh:", 'words = fh.read().split()', "print('longest:', max(words, key=len))"], 'word_stats.py changed or gone')
    ok(lines(read('story.txt')) == ['the keeper climbed to the lighthouse at dusk'], 'story.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
