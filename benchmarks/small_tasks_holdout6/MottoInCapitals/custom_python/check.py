"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = ' '.join(read('shop_motto_upper.txt').split()).strip('"\'')
    ok(got.rstrip('.') == 'SLOW IS SMOOTH, SMOOTH IS FAST', got)
    ok(lines(read('shop_motto.txt')) == ['Slow is smooth, smooth is fast.'], 'shop_motto.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
