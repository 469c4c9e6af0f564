"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('scratch/render_cache.bin'), 'the cache is still there')
    ok(lines(read('scratch/session.lock')) == ['pid 4410'], 'scratch/session.lock changed or gone')
    ok(lines(read('scratch/render_settings.json')) == ['{"fps": 25, "width": 1920}'], 'scratch/render_settings.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
