"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import items, lines, norm, ok, read

try:
    got = sorted(re.sub(r'^def |\(.*$', '', norm(x)) for x in items(read('functions.txt')))
    ok(got == ['slugify', 'truncate', 'word_count'], got)
    ok(lines(read('text_utils.py')) == ['"""Small text helpers."""', 'MAX_LEN = 80', 'def slugify(text):', 'return "-".join(text.lower().split())', 'def truncate(text, n=MAX_LEN):', 'return text[:n]', 'def word_count(text):', 'return len(text.split())'], 'text_utils.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
