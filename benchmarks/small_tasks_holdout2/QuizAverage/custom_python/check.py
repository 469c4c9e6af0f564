"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, number, ok, read

try:
    ok(number(read('average.txt')) == 7.5, read('average.txt'))
    ok(lines(read('quiz.json')) == ['{', '"student": "Ana"', '"scores": [', '7', '9', '8', '6', ']', '}'], 'quiz.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
