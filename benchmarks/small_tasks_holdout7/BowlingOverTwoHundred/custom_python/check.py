"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('over200.txt'), 'games') == 3, read('over200.txt'))
    ok(lines(read('league/bowling.csv')) == ['date,game,score', '2026-10-06,1,187', '2026-10-06,2,219', '2026-10-13,1,206', '2026-10-13,2,200', '2026-10-20,1,238', '2026-10-20,2,176', '2026-10-27,1,198'], 'league/bowling.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
