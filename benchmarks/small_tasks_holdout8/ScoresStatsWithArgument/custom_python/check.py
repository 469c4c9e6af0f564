"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('stats_out.txt'))]
    ok(got == ['mean 71.3', 'max 93'], got)
    ok(lines(read('quiz_stats.py')) == ['import sys', 'if len(sys.argv) < 2:', 'print("usage: quiz_stats.py FILE")', 'sys.exit(2)', 'vals = [float(x) for x in open(sys.argv[1]) if x.strip()]', 'print(f"mean {sum(vals) / len(vals):.1f}")', 'print(f"max {max(vals):g}")'], 'quiz_stats.py changed or gone')
    ok(lines(read('data/scores.txt')) == ['64', '93', '58', '71', '70.5', '71.5'], 'data/scores.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
