from pathlib import Path


def text(name):
    path = Path(name)
    assert path.is_file(), f"{name} is missing"
    return path.read_text()


assert text('greeting.txt').strip() == 'hello harbour'
assert 'done' in text('status.txt').lower()
print("PASS")
