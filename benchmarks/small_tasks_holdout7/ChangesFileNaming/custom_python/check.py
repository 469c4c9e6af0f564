"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('CHANGES'), 'CHANGES still in the top folder')
    ok(lines(read('CHANGES.md')) == ['v0.9.2 - fixed the tide offset for Wells', 'v0.9.1 - first public build'], read('CHANGES.md'))
    ok(lines(read('app/CHANGES')) == ['internal: moved the map widget into its own module'], 'app/CHANGES changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
