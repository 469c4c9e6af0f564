"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('tides/morston.txt'))
    ok(re.fullmatch(r'(high water[^0-9]*)?0?6[:.]47( ?a\.?m\.?)?', got), got)
    ok(lines(read('tides/blakeney.txt')) == ['07:02'], 'tides/blakeney.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
