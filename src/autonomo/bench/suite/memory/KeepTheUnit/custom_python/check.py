from pathlib import Path


def text(name):
    path = Path(name)
    assert path.is_file(), f"{name} is missing"
    return path.read_text()


vals = [float(l.split()[0]) for l in text('converted.txt').splitlines() if l.strip()]
assert [round(v) for v in vals] == [2000, 500, 12000], vals
print("PASS")
