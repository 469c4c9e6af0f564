"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = sorted(norm(x).removesuffix(': out') for x in items(read('to_buy.txt')))
    ok(got == ['cumin', 'lentils', 'olive oil'], got)
    ok(lines(read('pantry.txt')) == ['rice: ok', 'lentils: out', 'flour: low', 'olive oil: out', 'paprika: ok', 'cumin: out'], 'pantry.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
