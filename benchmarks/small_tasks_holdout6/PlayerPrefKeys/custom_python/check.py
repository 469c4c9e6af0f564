"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = [norm(x) for x in items(read('pref_keys.txt'))]
    ok(sorted(got) == ['autoplay', 'subtitles', 'theme', 'volume'], got)
    ok(lines(read('player_prefs.json')) == ['{', '"volume": 0.6', '"subtitles": {', '"enabled": true', '"lang": "nl"', '}', '"theme": "dusk"', '"autoplay": false', '}'], 'player_prefs.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
