"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('deploy.lock'), 'deploy.lock still exists')
    ok(lines(read('deploy_stage.yaml')) == ['stage: prod'], 'deploy_stage.yaml changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
