"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(read('fixtures_under12_print.csv').strip() == 'date,opponent,venue\n2026-12-05,Hill Rovers,home\n2026-12-12,Oak Lane,away', 'copy differs')
    ok(lines(read('fixtures_under12.csv')) == ['date,opponent,venue', '2026-12-05,Hill Rovers,home', '2026-12-12,Oak Lane,away'], 'fixtures_under12.csv changed or gone')
    ok(lines(read('fixtures_under14.csv')) == ['date,opponent,venue', '2026-12-06,Bay United,home'], 'fixtures_under14.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
