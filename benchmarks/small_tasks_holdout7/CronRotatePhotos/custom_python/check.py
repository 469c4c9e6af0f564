"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('jobs.cron'))
    ok(got[:3] == ['# m h dom mon dow command', '0 4 * * * /usr/local/bin/backup-notes', '15 6 * * 1-5 /usr/local/bin/sync-calendar'], got)
    ok(len(got) == 4, got)
    ok(got[3].strip('`').split() == ['30', '2', '*', '*', '1', '/usr/local/bin/rotate-photos'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
