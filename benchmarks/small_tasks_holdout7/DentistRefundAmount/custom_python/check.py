"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('dentist/refund.txt'))
    ok(re.fullmatch(r'((refund|owed|amount)[^0-9€]*)?(€ ?|eur ?)?23[.,]65( ?(€|eur|euros?))?', got), got)
    ok(lines(read('dentist/appointments.txt')) == ['2026-09-02 check-up 10:20', '2026-12-08 hygienist 08:40'], 'dentist/appointments.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
