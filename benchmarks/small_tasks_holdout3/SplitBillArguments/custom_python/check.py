"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('share.txt')) == 'each pays 24.00', read('share.txt'))
    ok(lines(read('split_bill.py')) == ['import sys', 'total, people = float(sys.argv[1]), int(sys.argv[2])', "print(f'each pays {total / people:.2f}')"], 'split_bill.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
