"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('starter_feeding_backup.md')) == ['# Feeding the starter', '1. Discard all but 50 g', '2. Add 50 g rye flour and 50 g water', '3. Leave at room temperature for 6 h'], 'copy differs')
    ok(lines(read('starter_feeding.md')) == ['# Feeding the starter', '1. Discard all but 50 g', '2. Add 50 g rye flour and 50 g water', '3. Leave at room temperature for 6 h'], 'starter_feeding.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
