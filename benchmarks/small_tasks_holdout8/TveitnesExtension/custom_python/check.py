"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import amount, lines, norm, ok, read

try:
    got = read('tveitnes_ext.txt')
    ok(amount(re.sub(r'^(ext(ension)?\.?:?|x) ?', '', norm(got))) == 4127, got)
    ok(lines(read('staff/extensions.csv')) == ['name,department,extension', 'Solveig Tveitnes,Logistics,4127', 'Radek Wierzba,Finance,4172', 'Torgeir Lien,Logistics,4217'], 'staff/extensions.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
