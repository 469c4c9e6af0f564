"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('approved_by.txt'))
    ok(got[:2] == ['Rafael Ibarra', 'Kwame Boateng'], got)
    ok(len(got) == 3 and norm(got[2]) == 'ilse marquardt', got)
    ok(lines(read('project_owner.txt')) == ['Ilse Marquardt'], 'project_owner.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
