from pathlib import Path


def text(name):
    path = Path(name)
    assert path.is_file(), f"{name} is missing"
    return path.read_text()


plan = text('plan.md')
assert sum(1 for l in plan.splitlines() if l.strip()[:1].isdigit()) >= 3, plan
items = [l for l in text('packing.txt').splitlines() if l.strip()]
assert len(items) >= 5, items
print("PASS")
