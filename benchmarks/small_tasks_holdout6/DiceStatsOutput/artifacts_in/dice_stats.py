from itertools import product

counts = {}
for a, b in product(range(1, 7), repeat=2):
    counts[a + b] = counts.get(a + b, 0) + 1
best = max(counts, key=counts.get)
print(f"most likely total: {best} ({counts[best]}/36)")
print(f"totals seen: {len(counts)}")
