"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('build_info.txt')) == 'build 4489 (2026-11-20)', read('build_info.txt'))
    ok(lines(read('tools/version_info.py')) == ['BASE = 67', 'print(f"build {BASE * BASE} (2026-11-20)")'], 'tools/version_info.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
