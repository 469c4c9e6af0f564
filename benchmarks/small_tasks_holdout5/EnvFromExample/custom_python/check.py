"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('.env')) == ['DB_HOST=localhost', 'DB_PORT=5433', 'DEBUG=false'], read('.env'))
    ok(lines(read('.env.example')) == ['DB_HOST=localhost', 'DB_PORT=5433', 'DEBUG=false'], '.env.example changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
