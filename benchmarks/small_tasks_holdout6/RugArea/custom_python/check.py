"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(abs((amount(read('rug_area.txt'), 'm²', 'm2', 'm^2', 'sq m', 'sqm', 'square metres', 'square meters') or 0) - 4.08) < 1e-6, read('rug_area.txt'))
    ok(lines(read('rug.txt')) == ['Hallway rug', 'width: 1.7 m', 'length: 2.4 m'], 'rug.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
