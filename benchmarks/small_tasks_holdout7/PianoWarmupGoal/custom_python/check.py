"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('piano/goals.md'))]
    ok(len(got) == 1, got)
    ok(re.fullmatch(r'scales in b( |-)?(flat|♭|b) minor[,;:]? ?(-|—)? ?20 ?(min|mins|minutes)\.?', got[0]), got)
    ok(lines(read('piano/repertoire.md')) == ['Satie, Gnossienne No. 1', 'Bach, Prelude in C minor BWV 999'], 'piano/repertoire.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
