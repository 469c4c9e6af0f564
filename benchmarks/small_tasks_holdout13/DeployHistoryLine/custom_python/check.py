"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok([''.join(x.split()) for x in lines(read('deploy_history.log'))] == ['2026-11-2009:10v3.8.0ok', '2026-11-2214:05v3.8.1rollback', '2026-11-2418:32v3.8.2ok'], 'not appended as the last line')
    ok(lines(read('deploy_history_2025.log')) == ['2025-12-01 10:00 v3.1.0 ok'], 'deploy_history_2025.log changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
