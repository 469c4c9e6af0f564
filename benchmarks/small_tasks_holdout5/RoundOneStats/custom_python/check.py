"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok([norm(x) for x in lines(read('round1_summary.txt'))] == ['mean 7.25', 'max 9'], read('round1_summary.txt'))
    ok(lines(read('stats.py')) == ['import csv', "with open('scores/round1.csv') as fh:", "scores = [int(r['score']) for r in csv.DictReader(fh)]", "print('mean', sum(scores) / len(scores))", "print('max', max(scores))"], 'stats.py changed or gone')
    ok(lines(read('scores/round1.csv')) == ['player,score', 'Asha,6', 'Bo,9', 'Cal,7', 'Dee,7'], 'scores/round1.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
