"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('shelfmark_1984.txt')) == '823.914 orw', 'wrong value')
    ok(lines(read('shelfmark_howto.md')) == ['Shelf marks: Dewey number + first three letters of the author.'], 'shelfmark_howto.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
