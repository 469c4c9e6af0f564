"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('car/permit_expiry.txt'))
    ok(re.fullmatch(r'((valid until|expires( on)?):? )?(31[/.-]0?3[/.-]2027|2027-03-31|31(st)? march,? 2027|march 31(st)?,? 2027)', got), got)
    ok(lines(read('car/permit.txt')) == ['Permit no: ZK-5803', 'Holder: M. Vartanian', 'Zone: C (Harbourside)', 'Issued: 01/04/2026', 'Valid until: 31/03/2027'], 'car/permit.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
