from pathlib import Path


def text(name):
    path = Path(name)
    assert path.is_file(), f"{name} is missing"
    return path.read_text()


import json
assert json.loads(text('settings.json')) == {'theme': 'dark', 'size': 12, 'lang': 'fr'}
print("PASS")
