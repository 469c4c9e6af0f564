"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = sorted(re.sub(r'^host ', '', norm(x)) for x in lines(read('host_aliases.txt')))
    ok(got == ['bastion', 'build-runner', 'grafana-tunnel'], got)
    ok(lines(read('ssh/work_hosts')) == ['Host bastion', 'HostName 10.20.0.5', 'User ops', 'Host build-runner', 'HostName 10.20.3.17', 'User ci', 'Host grafana-tunnel', 'HostName 10.20.0.5', 'LocalForward 3000 localhost:3000'], 'ssh/work_hosts changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
