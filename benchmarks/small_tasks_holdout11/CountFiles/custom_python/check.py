"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('png_count.txt')) == 3, 'wrong number')
    ok(lines(read('sketches/a.png')) == ['p'], 'sketches/a.png changed or gone')
    ok(lines(read('sketches/b.png')) == ['p'], 'sketches/b.png changed or gone')
    ok(lines(read('sketches/c.jpg')) == ['j'], 'sketches/c.jpg changed or gone')
    ok(lines(read('sketches/d.png')) == ['p'], 'sketches/d.png changed or gone')
    ok(lines(read('sketches/sketch_notes.txt')) == ['n'], 'sketches/sketch_notes.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
