"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('sighting_of_the_day.txt'))
    ok(got == 'kestrel', got)
    ok(lines(read('hide_log.txt')) == ['07:10 heron', '07:45 kestrel x2', '08:20 buzzard'], 'hide_log.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
