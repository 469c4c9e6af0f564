"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('tomorrow_count.txt'), 'times') == 3, read('tomorrow_count.txt'))
    ok(lines(read('bridge_opening_speech.txt')) == ['Tomorrow we open the new bridge.', 'It took four winters to build, and tomorrow it carries its first bus.', 'Thank you to every welder and every neighbour who waited.', 'See you there tomorrow at nine.'], 'bridge_opening_speech.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
