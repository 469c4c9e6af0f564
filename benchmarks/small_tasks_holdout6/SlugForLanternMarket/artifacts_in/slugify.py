import re
import sys

text = " ".join(sys.argv[1:])
print(re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-"))
