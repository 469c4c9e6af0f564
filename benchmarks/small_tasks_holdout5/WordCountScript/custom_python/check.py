"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read, run

try:
    ok(amount(run('count_words.py', 'sample.txt'), 'words') == 9, run('count_words.py', 'sample.txt'))
    ok(amount(run('count_words.py', 'letters/rain.txt'), 'words') == 13, run('count_words.py', 'letters/rain.txt'))
    ok(lines(read('sample.txt')) == ['the quick brown fox jumps over the lazy dog'], 'sample.txt changed or gone')
    ok(lines(read('letters/rain.txt')) == ['Rain again today.', 'The gutters on the north side', 'need clearing before December.'], 'letters/rain.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
