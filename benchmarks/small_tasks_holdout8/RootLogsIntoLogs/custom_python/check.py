"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, files_in, lines, ok, read

try:
    ok(not exists('compile.log') and not exists('e2e.log'), 'a log is still at the top')
    ok(lines(read('logfiles/compile.log')) == ['[12:01:07] compiling 48 modules', '[12:01:19] done in 12.2 s'], read('logfiles/compile.log'))
    ok(lines(read('logfiles/e2e.log')) == ['collected 193 items', '192 passed, 1 skipped in 9.81s'], read('logfiles/e2e.log'))
    ok(files_in('logfiles') == ['2025-archive.log', 'compile.log', 'e2e.log'], files_in('logfiles'))
    ok(lines(read('Justfile')) == ['test:', 'pytest -q'], 'Justfile changed or gone')
    ok(lines(read('logfiles/2025-archive.log')) == ['old entries'], 'logfiles/2025-archive.log changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
