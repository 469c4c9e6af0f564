"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = [x.lower() for x in lines(read('sorted_words.txt'))]
    ok(got == ['apple', 'banana', 'cherry', 'kiwi', 'mango'], got)
    ok(lines(read('unsorted_words.txt')) == ['mango', 'banana', 'cherry', 'apple', 'kiwi'], 'unsorted_words.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
