"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('slug.txt')) == 'weekend-trip-to-porto', read('slug.txt'))
    ok(lines(read('make_slug.py')) == ['import re', 'import sys', "title = ' '.join(sys.argv[1:])", "print(re.sub(r'[^a-z0-9]+', '-', title.lower()).strip('-'))"], 'make_slug.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
