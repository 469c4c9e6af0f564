bill = 29.00
rate = 0.15
print(f'{bill * rate:.2f}')
