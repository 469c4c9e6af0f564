x = 6
print(x * 7 + 1)
