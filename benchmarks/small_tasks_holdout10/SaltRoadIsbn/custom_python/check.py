"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    ok(squeeze(read('salt_road_isbn.txt'), '-"\'').removeprefix('isbn').removeprefix(':') == '9780143118227', read('salt_road_isbn.txt'))
    ok(lines(read('reading_list.md')) == ['# Reading list', 'The Salt Road -- ISBN 978-0-14-311822-7', 'Salt and Stone -- ISBN 978-1-25-019842-0', 'The Silk Road -- ISBN 978-0-09-958221-4'], 'reading_list.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
