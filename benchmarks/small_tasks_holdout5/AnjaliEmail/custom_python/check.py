"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('anjali_email.txt')).strip('<>') == 'anjali.rao@northgate.example', read('anjali_email.txt'))
    ok(lines(read('staff.csv')) == ['name,email,team', 'Henrike Vos,h.vos@northgate.example,finance', 'Anjali Rao,anjali.rao@northgate.example,design', 'Mateus Prado,m.prado@northgate.example,support'], 'staff.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
