"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('error_tally.txt')) == 3, 'wrong number')
    ok(lines(read('nightly_job.log')) == ['INFO start', 'ERROR disk', 'WARN slow', 'ERROR net', 'INFO end', 'ERROR disk'], 'nightly_job.log changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
