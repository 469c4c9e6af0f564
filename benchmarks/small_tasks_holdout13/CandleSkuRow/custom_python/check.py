"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok([''.join(x.split()) for x in lines(read('stock_lines.csv'))] == ['SKU-4401,linennapkin,60', 'SKU-4402,claymug,18', 'SKU-4410,beeswaxcandle,24'], 'not appended as the last line')
    ok(lines(read('stock_lines_archive.csv')) == ['SKU-3300, tin box, 0'], 'stock_lines_archive.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
