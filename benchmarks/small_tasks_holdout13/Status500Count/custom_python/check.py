"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('count_500.txt')) == 3, 'wrong number')
    ok(lines(read('api_access.log')) == ['GET /login 200', 'POST /cart 500', 'GET /img/a.png 404', 'GET /cart 500', 'POST /pay 502', 'GET /home 200', 'POST /cart 500'], 'api_access.log changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
