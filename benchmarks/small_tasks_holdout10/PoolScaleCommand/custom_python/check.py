"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = [x for x in lines(read('scale_cmd.sh')) if not x.startswith('#')]
    ok([' '.join(x.split()) for x in got] == ['scale --workers 12'], got)
    ok(lines(read('pool_config.toml')) == ['[pool]', 'min_workers = 2', 'max_workers = 12', 'idle_timeout = 30'], 'pool_config.toml changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
