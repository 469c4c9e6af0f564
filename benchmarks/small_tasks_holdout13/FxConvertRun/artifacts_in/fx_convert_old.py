eur, rate = 100, 1.079
print(round(eur * rate, 2))
