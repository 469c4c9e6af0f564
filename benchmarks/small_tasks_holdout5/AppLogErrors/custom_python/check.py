"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('error_count.txt'), 'errors', 'lines') == 3, read('error_count.txt'))
    ok(lines(read('logs/app.log')) == ['2026-11-23 08:00:01 INFO service started', '2026-11-23 08:02:17 WARN slow response 2.4s', '2026-11-23 08:05:40 ERROR upstream timeout', '2026-11-23 08:05:41 INFO retrying', '2026-11-23 08:06:12 ERROR upstream timeout', '2026-11-23 08:09:55 INFO request ok', '2026-11-23 08:15:03 ERROR disk quota at 95%', '2026-11-23 08:20:00 INFO heartbeat', '2026-11-23 08:25:00 INFO heartbeat'], 'logs/app.log changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
