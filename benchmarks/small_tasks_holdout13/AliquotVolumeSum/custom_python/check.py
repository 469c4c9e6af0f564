"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, number, ok, read, squeeze

try:
    t = squeeze(norm(read('aliquot_total.txt')), ',')
    ok(any(t.endswith(u) and number(t[:-len(u)]) == 200 for u in ('µl', 'μl', 'ul', 'microlitres', 'microliters')), 'wrong total or unit missing')
    ok(lines(read('aliquots.txt')) == ['tube 1: 120 µL', 'tube 2: 45 µL', 'tube 3: 35 µL'], 'aliquots.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
