"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = sorted(norm(x) for x in lines(read('attendee_names.txt')))
    ok(got == ['kofi mensah', 'lena vogt', 'sun li'], got)
    ok(lines(read('attendees.json')) == ['[', '{', '"name": "Kofi Mensah"', '"room": "12"', '}', '{', '"name": "Lena Vogt"', '"room": "7"', '}', '{', '"name": "Sun Li"', '"room": "3"', '}', ']'], 'attendees.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
