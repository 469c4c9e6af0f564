"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('fruit_answer.txt')) == 17, 'wrong number')
    ok(lines(read('fruit_bowl.py')) == ["bowl = {'apples': 5, 'pears': 3, 'plums': 9}", '# 12 grapes were eaten', 'print(sum(bowl.values()))'], 'fruit_bowl.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
