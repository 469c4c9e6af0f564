"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('herb_garden.txt'))]
    ok(got == ['thyme', 'sage', 'chives', 'borage'], got)
    ok(lines(read('seed_order.txt')) == ['borage seeds x1 packet'], 'seed_order.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
