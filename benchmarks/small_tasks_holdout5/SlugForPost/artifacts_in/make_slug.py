import re
import sys

title = ' '.join(sys.argv[1:])
print(re.sub(r'[^a-z0-9]+', '-', title.lower()).strip('-'))
