from checks import text

from slug import slugify
assert slugify('Hello Big World') == 'hello-big-world'
assert 'slugify' in text('spec.md')
assert 'def test' in text('test_slug.py')
print("PASS")
