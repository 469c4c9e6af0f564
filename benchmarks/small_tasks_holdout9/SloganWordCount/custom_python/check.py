"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    got = amount(read('slogan_words.txt'), 'words')
    ok(got == 8, got)
    ok(lines(read('slogan.txt')) == ['Fresh bread, baked before the town wakes up'], 'slogan.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
