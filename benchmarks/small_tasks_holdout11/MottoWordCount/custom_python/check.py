"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('motto_words.txt')) == 5, 'wrong number')
    ok(lines(read('motto_line.txt')) == ['measure twice and cut once'], 'motto_line.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
