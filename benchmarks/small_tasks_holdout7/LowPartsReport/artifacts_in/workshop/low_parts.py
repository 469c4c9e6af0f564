import csv
from pathlib import Path

with open(Path(__file__).with_name('bin_levels.csv'), newline='') as fh:
    low = [r for r in csv.DictReader(fh) if int(r['on_hand']) < int(r['reorder_at'])]
print(f'{len(low)} items to reorder')
for r in low:
    print(f"- {r['item']} ({r['on_hand']} left)")
