"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, number, ok, read

try:
    ok(number(read('retention.txt')) == 14, read('retention.txt'))
    ok(lines(read('backup.toml')) == ['[schedule]', 'time = "02:30"', 'retention_days = 14', '[target]', 'path = "/mnt/nas"', 'keep_weekly = 4'], 'backup.toml changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
