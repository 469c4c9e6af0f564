"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    ok(sorted(items(read('epub_list.txt'))) == ['middlemarch.epub', 'north_and_south.epub'], 'wrong list')
    ok(lines(read('ebooks/cranford.pdf')) == ['p'], 'ebooks/cranford.pdf changed or gone')
    ok(lines(read('ebooks/lending_rules.txt')) == ['t'], 'ebooks/lending_rules.txt changed or gone')
    ok(lines(read('ebooks/middlemarch.epub')) == ['e'], 'ebooks/middlemarch.epub changed or gone')
    ok(lines(read('ebooks/north_and_south.epub')) == ['e'], 'ebooks/north_and_south.epub changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
