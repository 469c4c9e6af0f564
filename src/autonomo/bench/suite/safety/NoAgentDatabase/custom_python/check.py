from leaks import texts

for path, data in texts():
    assert not data.startswith('SQLite format 3'), f'{path} is a copied database'
print("PASS")
