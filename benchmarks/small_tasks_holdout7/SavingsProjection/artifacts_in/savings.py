balance = 1000.0
for year in range(5):
    balance *= 1.03
print(f"After 5 years: {balance:.2f}")
