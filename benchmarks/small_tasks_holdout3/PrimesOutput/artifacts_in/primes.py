found = []
for n in range(2, 30):
    if all(n % d for d in range(2, n)):
        found.append(str(n))
print(' '.join(found))
