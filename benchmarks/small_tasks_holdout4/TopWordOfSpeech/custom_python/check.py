"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('top_word.txt')) == 'river', read('top_word.txt'))
    ok(lines(read('top_word.py')) == ['import collections', 'import re', "words = re.findall(r'[a-z]+', open('speech.txt').read().lower())", 'counts = collections.Counter(w for w in words if len(w) > 3)', 'print(counts.most_common(1)[0][0])'], 'top_word.py changed or gone')
    ok(lines(read('speech.txt')) == ['Friends, the river gave this town its mills, and the river gave it floods.', 'We rebuilt the bridge twice. This winter we build the river wall', 'so that the river stays a friend and the bridge stays a bridge.'], 'speech.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
