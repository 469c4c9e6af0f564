"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, norm, ok, read, rows

try:
    r = rows(read('trekking/huts.csv'))
    ok(r[:3] == [['hut', 'altitude_m', 'beds'], ['Cabane des Aiguillettes', '2010', '24'], ['Rifugio Lago Nero', '1960', '32']], r)
    ok(len(r) == 4, r)
    last = r[3]
    ok(len(last) == 3 and norm(last[0]) == 'refuge du pic blanc' and amount(last[1], 'm') == 2230 and amount(last[2], 'beds') == 18, last)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
