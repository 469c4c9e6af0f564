import collections
import re

words = re.findall(r'[a-z]+', open('speech.txt').read().lower())
counts = collections.Counter(w for w in words if len(w) > 3)
print(counts.most_common(1)[0][0])
