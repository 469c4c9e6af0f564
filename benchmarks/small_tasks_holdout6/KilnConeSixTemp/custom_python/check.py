"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('kiln/cone6.txt'))
    ok(re.fullmatch(r'1,?240 ?(°c|° c|c|°|degrees( c| celsius)?)?', got), got)
    ok(lines(read('kiln/cone04.txt')) == ['1060'], 'kiln/cone04.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
