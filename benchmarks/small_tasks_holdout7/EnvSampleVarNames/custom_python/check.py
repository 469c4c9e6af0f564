"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    got = sorted(x.strip('`') for x in items(read('env_names.txt')))
    ok(got == ['DB_HOST', 'DB_PORT', 'MAP_TILE_KEY', 'SMTP_PASSWORD', 'SMTP_USER'], got)
    ok(lines(read('stack/.env.sample')) == ['# copy to .env and fill in', 'DB_HOST=127.0.0.1', 'DB_PORT=5432', 'SMTP_USER=', 'SMTP_PASSWORD=', 'MAP_TILE_KEY=changeme'], 'stack/.env.sample changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
