"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('garden_birds.txt')) == ['blackbird', 'blue tit', 'wren', 'robin'], 'not appended as the last line')
    ok(lines(read('birds_to_see.txt')) == ['kingfisher', 'woodpecker'], 'birds_to_see.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
