"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('treasurer_email.txt')).strip('<>')
    ok(got == 'g.achterberg@allotment-soc.example', got)
    ok(lines(read('committee.csv')) == ['role,name,email', 'chair,Sabine Delacroix,s.delacroix@allotment-soc.example', 'treasurer,Gideon Achterberg,g.achterberg@allotment-soc.example', 'secretary,Wen Lu,wen.lu@allotment-soc.example'], 'committee.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
