from pathlib import Path


def text(name):
    path = Path(name)
    assert path.is_file(), f"{name} is missing"
    return path.read_text()


assert 'Odalys' in text('welcome.txt')
assert 'table set' in text('table.txt') and 'candles lit' in text('candles.txt') and 'music on' in text('music.txt')
print("PASS")
