word = 'autumn'
print(sum(ord(c) for c in word) * 7 % 1000)
