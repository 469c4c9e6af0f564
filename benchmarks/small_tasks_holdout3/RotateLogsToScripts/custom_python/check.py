"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import os
import sys

from checks import exists, lines, ok, read

try:
    ok(lines(read('scripts/rotate_logs.py')) == ['import glob', 'import os', "for path in glob.glob('logs/*.log.5'):", 'os.remove(path)'], read('scripts/rotate_logs.py'))
    ok(not exists('rotate_logs.py'), 'rotate_logs.py is still at the top')
    ok(lines(read('scripts/sync_site.sh')) == ['#!/bin/sh', 'rsync -a site/ backup/site/'], 'scripts/sync_site.sh changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
