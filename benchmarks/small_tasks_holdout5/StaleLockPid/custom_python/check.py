"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('tmp/lock.pid'), 'tmp/lock.pid still there')
    ok(lines(read('tmp/cache.json')) == ['{"last_sync": "2026-11-23T22:17:41", "items": 118}'], 'tmp/cache.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
