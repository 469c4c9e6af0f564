"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, lines, ok, read

try:
    ok(jload('quiz_round2.json') == {'round': 1, 'questions': [{'q': 'Capital of Peru?', 'a': 'Lima'}, {'q': '2+2?', 'a': '4'}]}, 'copy differs')
    ok(lines(read('quiz_round1.json')) == ['{"round": 1, "questions": [{"q": "Capital of Peru?", "a": "Lima"}, {"q": "2+2?", "a": "4"}]}'], 'quiz_round1.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
