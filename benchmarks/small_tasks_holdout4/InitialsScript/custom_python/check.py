"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, run

try:
    a = run('initials.py', 'Mae', 'Jemison').strip().replace('.', '').replace(' ', '')
    ok(a == 'MJ', a)
    b = run('initials.py', 'alan', 'mathison', 'turing').strip().replace('.', '').replace(' ', '')
    ok(b == 'AMT', b)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
