"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('page_target.txt')) == 'paging: priya nandakumar', 'wrong value')
    ok(lines(read('oncall_rota.csv')) == ['week,engineer', '47,Lars Eide', '48,Priya Nandakumar', '49,Ben Okoro'], 'oncall_rota.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
