from freq import top_words
assert top_words('b a B c a b', 2) == [('b', 3), ('a', 2)]
assert top_words('x y', 5) == [('x', 1), ('y', 1)]
assert top_words('', 3) == []
print("PASS")
