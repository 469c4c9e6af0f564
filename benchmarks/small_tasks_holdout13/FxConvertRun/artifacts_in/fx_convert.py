eur, rate = 100, 1.0832
print(round(eur * rate, 2))
