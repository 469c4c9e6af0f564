"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('build_banner.txt'))
    ok(got == 'hello from build 4465-b', got)
    ok(lines(read('hello_build.py')) == ['BUILD = sum(range(1, 95))', 'print(f"Hello from build {BUILD}-b")'], 'hello_build.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
