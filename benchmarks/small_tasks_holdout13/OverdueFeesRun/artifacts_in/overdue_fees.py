days_late = {'Emma': 3, 'Walden': 12}
fee = sum(days_late.values()) * 0.5
print(f'EUR {fee:.2f}')
