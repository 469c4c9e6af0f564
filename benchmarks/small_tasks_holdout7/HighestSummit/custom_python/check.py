"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('highest_peak.txt')) == 'aonach beag', read('highest_peak.txt'))
    ok(lines(read('peaks.csv')) == ['peak,height_m', 'Stob Coire Easain,1115', 'Aonach Beag,1234', 'Creag Meagaidh,1130', "Beinn a' Chaorainn,1052"], 'peaks.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
