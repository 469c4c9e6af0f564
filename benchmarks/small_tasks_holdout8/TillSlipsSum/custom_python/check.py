"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import amount, lines, norm, ok, read

try:
    got = read('slips_sum.txt')
    val = amount(re.sub(r'^(total:? ?)', '', norm(got)).strip('€£$ '), 'eur', 'euros')
    ok(val is not None and abs(val - 48.0) < 0.005, got)
    ok(lines(read('till_slips.csv')) == ['shop,amount', 'bakery,12.40', 'pharmacy,7.95', 'hardware,23.10', 'newsagent,4.55'], 'till_slips.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
