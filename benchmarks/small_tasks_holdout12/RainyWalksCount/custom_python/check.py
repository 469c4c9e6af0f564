"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('rainy_walks.txt')) == 4, 'wrong number')
    ok(lines(read('walk_log.txt')) == ['mon park, rain all the way', 'tue canal, sunny', 'wed park, light rain', 'thu woods, windy', 'fri park, rain then sun', 'sat beach, cloudy', 'sun woods, heavy rain'], 'walk_log.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
