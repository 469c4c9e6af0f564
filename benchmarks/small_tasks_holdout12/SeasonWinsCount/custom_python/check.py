"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('season_wins.txt')) == 6, 'wrong number')
    ok(lines(read('season_results.csv')) == ['date,opponent,result', '09-06,Ashby,W', '09-13,Brook,L', '09-20,Carlton,W', '09-27,Dale,D', '10-04,Elm,W', '10-11,Fenton,W', '10-18,Glen,L', '10-25,Holt,W', '11-01,Ivy,D', '11-08,Jarrow,W'], 'season_results.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
