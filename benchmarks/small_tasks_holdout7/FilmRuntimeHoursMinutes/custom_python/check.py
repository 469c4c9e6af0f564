"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('film_club/runtime.txt'))
    ok(re.fullmatch(r'((runtime|seven winters north):? )?(2 ?(h|hr|hrs|hours?),?( and)? ?22 ?(m|min|mins|minutes?)|2:22)', got), got)
    ok(lines(read('film_club/next_screening.txt')) == ['Title: Seven Winters North', 'Runtime: 142 min', 'Room: 2', 'Doors: 19:15'], 'film_club/next_screening.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
