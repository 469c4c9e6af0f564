from checks import text

facts = text('facts.txt')
card = text('postcard.txt')
for city in ('Oslo', 'Santiago'):
    assert city in facts and city in card, city
print("PASS")
