"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, number, ok, read

try:
    got = norm(read('simmer.txt'))
    ok(number(got) == 25 or got in ('25 minutes', '25 min'), got)
    ok(lines(read('soup.txt')) == ['Chop 3 leeks and 2 potatoes.', 'Add 1 litre of stock and simmer for 25 minutes.', 'Season with salt.'], 'soup.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
