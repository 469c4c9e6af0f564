"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('returns_count.txt')) == 4, 'wrong number')
    ok(lines(read('returns_box/isbn_9780062316097.txt')) == ['r'], 'returns_box/isbn_9780062316097.txt changed or gone')
    ok(lines(read('returns_box/isbn_9780099590088.txt')) == ['r'], 'returns_box/isbn_9780099590088.txt changed or gone')
    ok(lines(read('returns_box/isbn_9780141439518.txt')) == ['r'], 'returns_box/isbn_9780141439518.txt changed or gone')
    ok(lines(read('returns_box/isbn_9781509858637.txt')) == ['r'], 'returns_box/isbn_9781509858637.txt changed or gone')
    ok(lines(read('returns_shelf_note.txt')) == ['process by Friday'], 'returns_shelf_note.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
