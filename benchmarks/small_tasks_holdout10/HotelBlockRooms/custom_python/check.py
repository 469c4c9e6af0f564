"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, lines, ok, read

try:
    ok(jload('booking.json') == {'event': 'DevSummit North', 'hotel': 'Harbour View', 'rooms': 18}, read('booking.json'))
    ok(lines(read('hotel_block.txt')) == ['Conference hotel block', 'Hotel: Harbour View', 'Rooms held: 18', 'Release date: 2026-12-01'], 'hotel_block.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
