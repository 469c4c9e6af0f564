"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('mount_settings.yml.old'), '.old still there')
    ok(lines(read('mount_settings.yml')) == ['ra_speed: 4', 'dec_speed: 3', 'guide_rate: 0.5'], 'content differs')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
