"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(read('catalog_nov_print.txt').strip() == '0141 Beloved, Morrison\n0142 Kindred, Butler', 'copy differs')
    ok(lines(read('catalog_nov.txt')) == ['0141 Beloved, Morrison', '0142 Kindred, Butler'], 'catalog_nov.txt changed or gone')
    ok(lines(read('catalog_oct.txt')) == ['0101 Emma, Austen'], 'catalog_oct.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
