"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('launch/countdown_output.txt'))]
    ok(got == ['t-5', 't-3', 't-1', 'liftoff'], got)
    ok(lines(read('launch/t_minus.py')) == ['for n in range(5, 0, -2):', 'print(f"T-{n}")', 'print("liftoff")'], 'launch/t_minus.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
