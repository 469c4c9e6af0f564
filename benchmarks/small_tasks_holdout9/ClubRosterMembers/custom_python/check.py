"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    got = amount(read('member_total.txt'), 'members', 'entries')
    ok(got == 7, got)
    ok(lines(read('club_roster.json')) == ['{', '"club": "Riverside Chess"', '"founded": 1987', '"members": [', '"Arjun"', '"Beatriz"', '"Callum"', '"Dagny"', '"Emeka"', '"Freya"', '"Goran"', ']', '"board": [', '"Arjun"', '"Freya"', ']', '}'], 'club_roster.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
