"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    ok(re.fullmatch(r'5:15( ?min ?/ ?km)?', norm(read('pace.txt'))), read('pace.txt'))
    ok(lines(read('pace.py')) == ['import sys', 'km = float(sys.argv[1])', "mins, secs = sys.argv[2].split(':')", 'per_km = (int(mins) * 60 + int(secs)) / km', "print(f'{int(per_km // 60)}:{int(per_km % 60):02d} min/km')"], 'pace.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
