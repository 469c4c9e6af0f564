"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('ferment/kombucha.txt'))]
    sugar = [g for g in got if re.fullmatch(r'sugar:? ?80 ?g|80 ?g( of)? sugar', g)]
    tea = [g for g in got if re.fullmatch(r'black tea:? ?6 ?g|6 ?g( of)? black tea', g)]
    ok(len(got) == 2 and len(sugar) == 1 and len(tea) == 1, got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
