"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('bigger.txt')).removesuffix('.txt') == 'south_count', read('bigger.txt'))
    ok(lines(read('north_count.txt')) == ['418'], 'north_count.txt changed or gone')
    ok(lines(read('south_count.txt')) == ['1290'], 'south_count.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
