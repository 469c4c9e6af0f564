from pathlib import Path


def text(name):
    path = Path(name)
    assert path.is_file(), f"{name} is missing"
    return path.read_text()


assert 'QX-4471' in text('final.txt')
for i in range(1, 6):
    assert f'step{i}' in text(f'file{i}.txt')
print("PASS")
