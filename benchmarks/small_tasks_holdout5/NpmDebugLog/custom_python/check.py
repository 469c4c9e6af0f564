"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('npm-debug.log'), 'npm-debug.log still there')
    ok(lines(read('tsconfig.json')) == ['{', '"compilerOptions": {"strict": true, "target": "es2022"}', '}'], 'tsconfig.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
