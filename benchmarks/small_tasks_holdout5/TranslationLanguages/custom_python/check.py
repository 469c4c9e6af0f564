"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = sorted(norm(x) for x in items(read('languages.txt')))
    ok(got == ['de', 'en', 'ja', 'pt'], got)
    ok(lines(read('translations.json')) == ['{', '"en": {"thanks": "Thanks", "title": "Settings"}', '"de": {"thanks": "Danke", "title": "Einstellungen"}', '"pt": {"thanks": "Obrigado", "title": "Definicoes"}', '"ja": {"thanks": "Arigato", "title": "Settei"}', '}'], 'translations.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
