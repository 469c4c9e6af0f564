"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    ok(re.fullmatch(r'(from )?(14[:.h]30|2[:.]30 ?pm)', norm(read('checkin.txt'))), read('checkin.txt'))
    ok(lines(read('trip/itinerary.md')) == ['# Ljubljana, 3 days', 'Day 1', 'flight lands 11:05', 'hotel check-in from 14:30', 'dinner at the castle 20:30', 'Day 2', 'dragon bridge walk 10:45'], 'trip/itinerary.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
