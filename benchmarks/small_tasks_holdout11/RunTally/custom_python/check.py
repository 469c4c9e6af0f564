"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('score_out.txt')) == 45, 'wrong number')
    ok(lines(read('tally_old.py')) == ['print(11)'], 'tally_old.py changed or gone')
    ok(lines(read('tally_score.py')) == ['print(sum([14, 22, 9]))'], 'tally_score.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
