items = [(3, 2.49), (1, 1.99), (4, 0.75)]
print(round(sum(n * p for n, p in items), 2))
