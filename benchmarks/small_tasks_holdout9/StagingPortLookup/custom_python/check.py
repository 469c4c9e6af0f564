"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    got = amount(read('staging_port.txt'))
    ok(got == 9131, got)
    ok(lines(read('deploy_targets.ini')) == ['[production]', 'host = 10.0.4.20', 'port = 8443', '[staging]', 'host = 10.0.4.31', 'port = 9131'], 'deploy_targets.ini changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
