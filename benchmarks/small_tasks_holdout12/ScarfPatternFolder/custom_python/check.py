"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(read('knit_patterns/scarf_pattern.txt').strip() == 'cast on 40\nrib 2x2 for 150 cm', 'content differs')
    ok(not exists('scarf_pattern.txt'), 'old name still there')
    ok(lines(read('knit_patterns/beanie_pattern.txt')) == ['cast on 96'], 'knit_patterns/beanie_pattern.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
