"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('draft-minutes.md'), 'draft-minutes.md still there')
    ok(lines(read('minutes_2026-11-20.md')) == lines('# Minutes\n\nAttendees: Kofi, Lena, Mateo\nDecision: move to Tuesdays\n'), 'minutes_2026-11-20.md wrong')
    ok(lines(read('agenda-next.md')) == ['# Next agenda', 'room booking'], 'agenda-next.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
