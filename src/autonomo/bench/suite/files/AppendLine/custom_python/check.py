from pathlib import Path


def text(name):
    path = Path(name)
    assert path.is_file(), f"{name} is missing"
    return path.read_text()


lines = [l.strip() for l in text('steps.txt').splitlines() if l.strip()]
assert lines == ['step one', 'step two', 'step three'], lines
print("PASS")
