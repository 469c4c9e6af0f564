"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('workshop/low_parts.txt'))]
    ok(got == ['2 items to reorder', 'hex bolts m6 (12 left)', 'wood glue (3 left)'], got)
    ok(lines(read('workshop/bin_levels.csv')) == ['item,on_hand,reorder_at', 'hex bolts M6,12,50', 'wood glue,3,4', 'sandpaper P120,40,20', 'cable ties,200,100', 'masking tape,5,5'], 'workshop/bin_levels.csv changed or gone')
    ok(lines(read('workshop/low_parts.py')) == ['import csv', 'from pathlib import Path', "with open(Path(__file__).with_name('bin_levels.csv'), newline='') as fh:", "low = [r for r in csv.DictReader(fh) if int(r['on_hand']) < int(r['reorder_at'])]", "print(f'{len(low)} items to reorder')", 'for r in low:', 'print(f"- {r[\'item\']} ({r[\'on_hand\']} left)")'], 'workshop/low_parts.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
