guests = ['Uncle Ben', 'Cousin Ali', 'Grandma Rose', 'Aunt May']
for i, g in enumerate(guests):
    print(f'{g} -> table {i % 3 + 1}')
