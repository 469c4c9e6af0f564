"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('crontab.txt.bak')) == ['0 3 * * * /usr/local/bin/backup-photos', '*/15 * * * * /usr/local/bin/check-disk'], read('crontab.txt.bak'))
    ok(lines(read('crontab.txt')) == ['0 3 * * * /usr/local/bin/backup-photos', '*/15 * * * * /usr/local/bin/check-disk'], 'crontab.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
