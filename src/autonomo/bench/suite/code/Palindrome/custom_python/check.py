from pathlib import Path


def text(name):
    path = Path(name)
    assert path.is_file(), f"{name} is missing"
    return path.read_text()


from text_tools import is_palindrome as p
assert p('Never odd or even') and p('A man, a plan, a canal: Panama!')
assert not p('autonomo agent') and p('')
print("PASS")
