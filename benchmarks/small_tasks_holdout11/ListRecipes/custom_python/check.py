"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    ok(sorted(items(read('recipe_index.txt'))) == ['dal.md', 'pho.md', 'tagine.md'], 'wrong list')
    ok(lines(read('recipe_box/dal.md')) == ['d'], 'recipe_box/dal.md changed or gone')
    ok(lines(read('recipe_box/pho.md')) == ['p'], 'recipe_box/pho.md changed or gone')
    ok(lines(read('recipe_box/tagine.md')) == ['t'], 'recipe_box/tagine.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
