from collections import Counter

with open("tide_poem.txt", encoding="utf-8") as fh:
    words = fh.read().lower().split()
word, n = Counter(words).most_common(1)[0]
print(f"most common: {word} ({n})")
