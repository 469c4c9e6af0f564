"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('word_total.txt'), 'words') == 13, read('word_total.txt'))
    ok(lines(read('haiku_pond.txt')) == ['an old silent pond', 'a frog jumps into the pond', 'splash silence again'], 'haiku_pond.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
