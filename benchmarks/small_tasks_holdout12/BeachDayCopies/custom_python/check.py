"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('beach day (copy).txt'), 'beach day (copy).txt still exists')
    ok(not exists('beach day (copy 2).txt'), 'beach day (copy 2).txt still exists')
    ok(lines(read('beach day.txt')) == ['sandcastles, ice cream'], 'beach day.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
