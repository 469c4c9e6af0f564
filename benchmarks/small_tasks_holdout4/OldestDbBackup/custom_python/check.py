"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('backups/db_2026-09-01.sql'), 'backups/db_2026-09-01.sql still exists')
    ok(lines(read('backups/db_2026-10-01.sql')) == ['-- dump of 2026-10-01', 'CREATE TABLE plants (id INTEGER, name TEXT);'], 'backups/db_2026-10-01.sql changed or gone')
    ok(lines(read('backups/db_2026-11-01.sql')) == ['-- dump of 2026-11-01', 'CREATE TABLE plants (id INTEGER, name TEXT);'], 'backups/db_2026-11-01.sql changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
