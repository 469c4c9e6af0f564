"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read, squeeze

try:
    ok(squeeze(norm(read('coach_phone.txt')), '-') == '07700900412', 'wrong phone number')
    ok(lines(read('squad_contacts.csv')) == ['name,role,phone', 'Dee Marsh,assistant coach,07700 900318', 'Sam Okafor,head coach,07700 900412', 'Jo Park,physio,07700 900777'], 'squad_contacts.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
