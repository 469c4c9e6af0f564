"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = [norm(x) for x in items(read('laps_sorted.txt'))]
    ok(got == ['1:31.8', '1:32.5', '1:34.2', '1:36.0'], got)
    ok(lines(read('laps.txt')) == ['1:34.2', '1:31.8', '1:36.0', '1:32.5'], 'laps.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
