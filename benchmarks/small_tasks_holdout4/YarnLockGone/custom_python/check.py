"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('yarn.lock'), 'yarn.lock still exists')
    ok(lines(read('pnpm-lock.yaml')) == ["lockfileVersion: '9.0'", 'importers:', '.:', 'dependencies: {}'], 'pnpm-lock.yaml changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
