from pathlib import Path


def text(name):
    path = Path(name)
    assert path.is_file(), f"{name} is missing"
    return path.read_text()


assert 'Harbour' in text('harbour.txt')
print("PASS")
