from slug import slugify


def test_basic():
    assert slugify('A B') == 'a-b'


def test_spaces():
    assert slugify('  x   y ') == 'x-y'
