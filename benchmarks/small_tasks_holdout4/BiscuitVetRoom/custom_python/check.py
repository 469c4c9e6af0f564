"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('room.txt')) in ('12b', 'room 12b'), read('room.txt'))
    ok(lines(read('vet_reminder.txt')) == ['Hi Tove', 'Reminder of your visits next week:', 'Biscuit (cat): Tuesday 10:15, room 12B, booster vaccine', 'Juniper (rabbit): Wednesday 09:30, room 4A, teeth check', 'Please arrive 10 minutes early.'], 'vet_reminder.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
