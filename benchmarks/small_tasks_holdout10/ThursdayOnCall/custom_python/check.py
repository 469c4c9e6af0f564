"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('thursday_oncall.txt')) == 'thursday: noor', read('thursday_oncall.txt'))
    ok(lines(read('oncall_week.csv')) == ['day,primary,backup', 'Monday,Kemal,Sofia', 'Tuesday,Sofia,Liam', 'Wednesday,Liam,Kemal', 'Thursday,Noor,Kemal', 'Friday,Kemal,Noor'], 'oncall_week.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
