"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('stg_db_port.txt')) == 6543, read('stg_db_port.txt'))
    ok(lines(read('services.env')) == ['PROD_DB_HOST=db1.internal', 'PROD_DB_PORT=5432', 'STAGING_DB_HOST=db-stg.internal', 'STAGING_DB_PORT=6543', 'STAGING_CACHE_PORT=6380'], 'services.env changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
