"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('dice_stats_output.txt'))]
    ok(got == ['most likely total: 7 (6/36)', 'totals seen: 11'], got)
    ok(lines(read('dice_stats.py')) == ['from itertools import product', 'counts = {}', 'for a, b in product(range(1, 7), repeat=2):', 'counts[a + b] = counts.get(a + b, 0) + 1', 'best = max(counts, key=counts.get)', 'print(f"most likely total: {best} ({counts[best]}/36)")', 'print(f"totals seen: {len(counts)}")'], 'dice_stats.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
