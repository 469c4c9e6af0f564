"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    ok(squeeze(read('feld_phone.txt'), '-/()') == '0305521873', read('feld_phone.txt'))
    ok(lines(read('contacts.txt')) == ['Plumber Otto: 0176 224 9051', 'Dr. Feld: 030 5521 873', 'School office: 030 991 20'], 'contacts.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
