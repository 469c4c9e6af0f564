from checks import text

import csv
rows = list(csv.DictReader(text('planets.csv').splitlines()))
got = {r['planet'].strip(): int(r['moons']) for r in rows}
assert got == {'Mercury': 0, 'Earth': 1, 'Mars': 2}, got
print("PASS")
