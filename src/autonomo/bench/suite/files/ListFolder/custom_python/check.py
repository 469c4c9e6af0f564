from checks import text

names = [l.strip() for l in text('listing.txt').splitlines() if l.strip()]
assert sorted(n.split('/')[-1] for n in names) == ['apple.txt', 'kiwi.txt', 'pear.txt'], names
print("PASS")
