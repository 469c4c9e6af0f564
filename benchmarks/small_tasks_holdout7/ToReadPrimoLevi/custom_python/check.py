"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('books/to_read.md'))
    ok(got[:4] == ['# To read', 'Middlemarch', 'The Dispossessed', 'Wolf Hall'], got)
    ok(len(got) == 5, got)
    last = norm(got[4].replace('*', '').replace('_', ''))
    ok(re.fullmatch(r'the periodic table,?( by| -| —| –|,)? \(?primo levi\)?', last), last)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
