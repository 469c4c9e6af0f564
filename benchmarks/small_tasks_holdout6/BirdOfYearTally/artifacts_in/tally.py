from collections import Counter
from pathlib import Path

votes = Counter(x.strip() for x in Path("votes.txt").read_text().splitlines() if x.strip())
for name, n in sorted(votes.items(), key=lambda kv: (-kv[1], kv[0])):
    print(f"{name}: {n}")
