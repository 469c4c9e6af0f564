"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, number, ok, read

try:
    ok(number(read('errors.txt')) == 3, read('errors.txt'))
    ok(lines(read('build.log')) == ['INFO compiling core', 'INFO compiling ui', 'ERROR missing header tide.h', 'WARN slow disk', 'ERROR linker failed', 'INFO retry 1', 'ERROR linker failed', 'INFO giving up'], 'build.log changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
