"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(read('packing_ski_2027.txt').strip() == 'goggles\nthermals\nhelmet\nlip balm', 'copy differs')
    ok(lines(read('packing_ski.txt')) == ['goggles', 'thermals', 'helmet', 'lip balm'], 'packing_ski.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
