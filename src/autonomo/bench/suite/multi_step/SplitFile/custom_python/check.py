from checks import text

v = sorted(l.strip() for l in text('vowels.txt').splitlines() if l.strip())
c = sorted(l.strip() for l in text('consonants.txt').splitlines() if l.strip())
assert v == ['Anna', 'Eli', 'Omar'] and c == ['Bea', 'Karl'], (v, c)
print("PASS")
