from checks import text

import csv
rows = list(csv.DictReader(text('by_region.csv').splitlines()))
got = {r['region'].strip(): float(r['total']) for r in rows}
assert got == {'east': 95, 'north': 270, 'south': 140}, got
print("PASS")
