"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('launch_seq.txt'))]
    ok(got == ['10', '7', '4', '1', 'go!'], got)
    ok(lines(read('rocket_count.py')) == ['for i in range(10, 0, -3):', 'print(i)', 'print("go!")'], 'rocket_count.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
