x = 17
for _ in range(5):
    x = (x * 31 + 7) % 97
print(x % 6 + 1)
