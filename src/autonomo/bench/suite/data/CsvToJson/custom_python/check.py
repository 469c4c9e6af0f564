from pathlib import Path


def text(name):
    path = Path(name)
    assert path.is_file(), f"{name} is missing"
    return path.read_text()


import json
data = json.loads(text('inventory.json'))
assert data == [{'item': 'rope', 'count': 4}, {'item': 'lamp', 'count': 2}, {'item': 'map', 'count': 1}], data
print("PASS")
