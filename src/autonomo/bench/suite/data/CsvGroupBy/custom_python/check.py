from pathlib import Path


def text(name):
    path = Path(name)
    assert path.is_file(), f"{name} is missing"
    return path.read_text()


import csv
rows = list(csv.DictReader(text('by_region.csv').splitlines()))
got = {r['region'].strip(): float(r['total']) for r in rows}
assert got == {'east': 95, 'north': 270, 'south': 140}, got
print("PASS")
