"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('compost_bin/turn_reminder.tmp'), 'compost_bin/turn_reminder.tmp still exists')
    ok(not exists('compost_bin/temp_reading.tmp'), 'compost_bin/temp_reading.tmp still exists')
    ok(lines(read('compost_bin/compost_log.txt')) == ['2026-11-01 turned'], 'compost_bin/compost_log.txt changed or gone')
    ok(lines(read('greenhouse.tmp')) == ['keep me'], 'greenhouse.tmp changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
