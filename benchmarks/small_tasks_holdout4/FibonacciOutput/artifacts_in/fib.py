a, b = 0, 1
out = []
for _ in range(12):
    out.append(a)
    a, b = b, a + b
print(', '.join(str(n) for n in out))
