"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('letter.txt'))
    ok(got[1:] == ['Thank you for the quick reply about the boiler.', 'I am free on Thursday afternoon if that suits the engineer.', 'Best wishes', 'Wojtek'], got)
    ok(norm(got[0]).rstrip(',') == 'dear ms lindqvist', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
