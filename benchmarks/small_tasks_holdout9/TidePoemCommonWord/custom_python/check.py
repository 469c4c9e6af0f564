"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('commonest_word.txt'))
    ok(got == 'tide', got)
    ok(lines(read('tide_poem.txt')) == ['tide', 'moon pulls the tide', 'moon lifts the tide', 'gulls ride the tide', 'moon'], 'tide_poem.txt changed or gone')
    ok(lines(read('word_freq.py')) == ['from collections import Counter', 'with open("tide_poem.txt", encoding="utf-8") as fh:', 'words = fh.read().lower().split()', 'word, n = Counter(words).most_common(1)[0]', 'print(f"most common: {word} ({n})")'], 'word_freq.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
