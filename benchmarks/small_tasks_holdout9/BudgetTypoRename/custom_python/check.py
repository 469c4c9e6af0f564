"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read, rows

try:
    ok(not exists('budjet_q4.csv'), 'budjet_q4.csv still there')
    got = rows(read('budget_q4.csv'))
    ok(got == [['item', 'eur'], ['venue', '1200'], ['catering', '860']], got)
    ok(lines(read('budjet_memo.txt')) == ['ask finance about VAT'], 'budjet_memo.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
