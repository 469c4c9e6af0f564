"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, number, ok

try:
    d = jload('game.json')
    ok(isinstance(d, dict) and sorted(d) == ['max_players', 'min_age', 'title'], d)
    ok(d['title'] == 'Harbour Lights' and number(d['min_age']) == 10, d)
    ok(number(d['max_players']) == 6, d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
