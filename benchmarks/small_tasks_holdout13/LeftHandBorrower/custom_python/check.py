"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('lhod_borrower.txt')) == 'tomás ferreira', 'wrong value')
    ok(lines(read('loans_fall.txt')) == ['The Dispossessed — Aino Virtanen', 'The Left Hand of Darkness — Tomás Ferreira', 'The Lathe of Heaven — June Park'], 'loans_fall.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
