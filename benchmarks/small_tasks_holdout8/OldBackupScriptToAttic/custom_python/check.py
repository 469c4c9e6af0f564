"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('bin/old_backup.sh'), 'still in bin/')
    ok(lines(read('attic/old_backup.sh')) == ['#!/bin/sh', 'rsync -a /home/ /mnt/usb-backup/home/'], read('attic/old_backup.sh'))
    ok(lines(read('bin/deploy.sh')) == ['#!/bin/sh', 'rsync -a site/ web:/srv/'], 'bin/deploy.sh changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
