"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('coimbra_count.txt'), 'entries') == 3, read('coimbra_count.txt'))
    ok(lines(read('visitor_book.txt')) == ['Filipa from Coimbra: lovely stay!', 'Mark (Leeds): the breakfast was great', 'Coimbra again - Rui and Leonor', 'Hiroko, Sapporo: quiet rooms', 'From coimbra with love, Tiago', 'Helga from Graz'], 'visitor_book.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
