from pathlib import Path


def text(name):
    path = Path(name)
    assert path.is_file(), f"{name} is missing"
    return path.read_text()


from slug import slugify
assert slugify('Hello Big World') == 'hello-big-world'
assert 'slugify' in text('spec.md')
assert 'def test' in text('test_slug.py')
print("PASS")
