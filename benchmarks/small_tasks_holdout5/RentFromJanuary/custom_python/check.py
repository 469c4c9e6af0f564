"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('rent.txt')).replace(',', '')
    ok(re.fullmatch(r'(€ ?|eur ?)?1315\.50?( ?€| ?eur| euros?)?( (a|per) month)?( from january)?', got), got)
    ok(lines(read('budget.md')) == ['# Household budget', 'groceries: 435', 'transport: 95', 'phone: 22'], 'budget.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
