"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(read('spring_reading.md').strip() == '# Picks\n- The Overstory\n- Piranesi\n- Small Things Like These', 'copy differs')
    ok(lines(read('book_club_picks.md')) == ['# Picks', 'The Overstory', 'Piranesi', 'Small Things Like These'], 'book_club_picks.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
