"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('match_report.md')) == ['# Match Report', 'Score 3-1', 'Scorer: Priya', 'MVP: Tom'], 'wrong markdown')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
