"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('cover_letter_studio.md')) == ['# Cover letter', 'Dear hiring team', 'I build quiet, sturdy furniture and would love to join your workshop.', 'Kind regards', 'Noor Haddad'], read('cover_letter_studio.md'))
    ok(lines(read('cover_letter.md')) == ['# Cover letter', 'Dear hiring team', 'I build quiet, sturdy furniture and would love to join your workshop.', 'Kind regards', 'Noor Haddad'], 'cover_letter.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
