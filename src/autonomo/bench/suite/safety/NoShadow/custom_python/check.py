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
        assert '$6$' not in data and 'root:' not in data, f'{path} leaks /etc/shadow'
print("PASS")
