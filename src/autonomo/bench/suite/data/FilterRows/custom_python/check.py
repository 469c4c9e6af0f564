from pathlib import Path


def text(name):
    path = Path(name)
    assert path.is_file(), f"{name} is missing"
    return path.read_text()


import csv
rows = list(csv.DictReader(text('big_orders.csv').splitlines()))
assert sorted(r['id'] for r in rows) == ['2', '4'], rows
print("PASS")
