"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('tip_amount.txt')) == '4.35', 'wrong value')
    ok(lines(read('old_tip.txt')) == ['3.80'], 'old_tip.txt changed or gone')
    ok(lines(read('tipping_sum.py')) == ['bill = 29.00', 'rate = 0.15', "print(f'{bill * rate:.2f}')"], 'tipping_sum.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
