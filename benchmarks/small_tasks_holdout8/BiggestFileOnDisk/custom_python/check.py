"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('biggest_file.txt'))
    ok(got in ('backups/mail.tar', 'mail.tar'), got)
    ok(lines(read('disk_usage.csv')) == ['path,bytes', 'video/drone_clip.mov,734003200', 'backups/mail.tar,1288490188', 'photos/raw_0412.dng,52428800', 'iso/debian.iso,658505728'], 'disk_usage.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
