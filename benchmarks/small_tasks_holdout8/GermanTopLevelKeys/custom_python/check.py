"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    got = read('de_key_count.txt')
    ok(amount(got, 'keys') == 6, got)
    ok(lines(read('i18n/de.json')) == ['{', '"greeting": "Hallo"', '"farewell": "Tschüss"', '"thanks": "Danke"', '"menu": {', '"open": "Öffnen"', '"save": "Speichern"', '}', '"yes": "Ja"', '"no": "Nein"', '}'], 'i18n/de.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
