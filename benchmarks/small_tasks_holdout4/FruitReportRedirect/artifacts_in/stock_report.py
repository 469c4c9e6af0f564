stock = {'apples': 12, 'pears': 7, 'plums': 19}
for name, n in stock.items():
    print(f'{name:<8}{n:>3}')
