"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('boat_speed.txt')) == '18 kn = 33.34 km/h', read('boat_speed.txt'))
    ok(lines(read('knots.py')) == ['import sys', 'if len(sys.argv) != 2:', 'print("usage: knots.py KNOTS")', 'sys.exit(1)', 'speed = float(sys.argv[1])', 'print(f"{sys.argv[1]} kn = {speed * 1.852:.2f} km/h")'], 'knots.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
