"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('backup_done.txt'))
    ok(re.fullmatch(r'(at )?(2026-11-23 )?23:47(:09)?', got), got)
    ok(lines(read('backup.log')) == ['2026-11-23 23:02:41 backup started', '2026-11-23 23:31:10 snapshot of /home done', '2026-11-23 23:47:09 backup finished (9.7 GB)', '2026-11-24 02:00:00 prune started'], 'backup.log changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
