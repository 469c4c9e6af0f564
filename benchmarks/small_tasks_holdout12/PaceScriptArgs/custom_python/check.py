"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('pace_result.txt')) == '5:12 min/km', 'wrong value')
    ok(lines(read('pace_calc.py')) == ['import sys', 'km, mins = float(sys.argv[1]), float(sys.argv[2])', 's = round(mins * 60 / km)', "print(f'{s // 60}:{s % 60:02d} min/km')"], 'pace_calc.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
