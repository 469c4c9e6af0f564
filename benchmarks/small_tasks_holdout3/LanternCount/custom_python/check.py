"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('lantern_count.txt'), 'times') == 3, read('lantern_count.txt'))
    ok(lines(read('lighthouse_story.txt')) == ['The keeper lit the lantern at dusk.', 'A gull sat on the rail and watched the lantern swing.', 'By midnight the wind had died, but the lantern still burned.'], 'lighthouse_story.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
