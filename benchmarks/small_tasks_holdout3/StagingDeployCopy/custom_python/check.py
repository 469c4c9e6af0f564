"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read

try:
    got = [x.rstrip() for x in read('deploy_staging.yaml').rstrip().splitlines()]
    ok(got == ['app: booking', 'replicas: 2', 'image:', '  name: booking-api', '  tag: "1.8.0"'], got)
    src = [x.rstrip() for x in read('deploy.yaml').rstrip().splitlines()]
    ok(src == ['app: booking', 'replicas: 2', 'image:', '  name: booking-api', '  tag: "1.8.0"'], 'deploy.yaml changed')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
