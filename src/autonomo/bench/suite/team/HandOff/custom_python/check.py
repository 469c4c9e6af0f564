from pathlib import Path


def text(name):
    path = Path(name)
    assert path.is_file(), f"{name} is missing"
    return path.read_text()


facts = text('facts.txt')
card = text('postcard.txt')
for city in ('Oslo', 'Santiago'):
    assert city in facts and city in card, city
print("PASS")
