"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('taxi_note.txt')) == 'postcode: ex20 1ab', 'wrong value')
    ok(lines(read('cottage_booking.txt')) == ['Cottage: Bramble End', 'Check-in: 16:00', 'Postcode: EX20 1AB', 'Host: Ruth'], 'cottage_booking.txt changed or gone')
    ok(lines(read('home_address.txt')) == ['Postcode: LS6 2QT'], 'home_address.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
