"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = sorted(norm(x) for x in lines(read('emails.txt')))
    ok(got == ['itzel@bakery.test', 'mei@studio.test', 'sindre.aas@mail.test'], got)
    ok(lines(read('signups.csv')) == ['name,email,plan', 'Itzel Ramos,itzel@bakery.test,basic', 'Sindre Aas,sindre.aas@mail.test,pro', 'Mei Chen,mei@studio.test,basic'], 'signups.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
