"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('build_2026-11-20.log'), 'still in the top folder')
    ok(lines(read('logs_archive/build_2026-11-20.log')) == ['[11:02:13] compiling 48 modules', '[11:02:41] done in 28.4 s'], 'content differs')
    ok(lines(read('logs_archive/build_2026-11-13.log')) == ['[09:58:01] compiling 47 modules', '[09:58:30] done in 29.0 s'], 'logs_archive/build_2026-11-13.log changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
