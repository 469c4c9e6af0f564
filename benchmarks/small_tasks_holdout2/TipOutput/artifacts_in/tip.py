bill = 48
print(round(bill * 0.15, 2))
