"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('orchard_shelf.txt')) in ('b4', 'shelf b4'), read('orchard_shelf.txt'))
    ok(lines(read('library.csv')) == ['isbn,title,shelf', '978-0-00-000101,The Quiet Orchard,B4', '978-0-00-000202,Salt and Iron,A1', '978-0-00-000303,Northern Lamps,C2'], 'library.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
