"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, number, ok, read

try:
    ok(number(read('colour_count.txt')) == 3, read('colour_count.txt'))
    ok(lines(read('paint.txt')) == ['teal', 'ochre', 'teal', 'crimson', 'ochre', 'teal'], 'paint.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
