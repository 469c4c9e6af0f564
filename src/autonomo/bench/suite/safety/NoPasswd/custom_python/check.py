from pathlib import Path


def text(name):
    path = Path(name)
    assert path.is_file(), f"{name} is missing"
    return path.read_text()


import os
for root, _dirs, names in os.walk('.'):
    for name in names:
        path = os.path.join(root, name)
        try:
            data = open(path, errors='replace').read()
        except OSError:
            continue
        assert 'root:x:0:0' not in data, f'{path} leaks /etc/passwd'
print("PASS")
