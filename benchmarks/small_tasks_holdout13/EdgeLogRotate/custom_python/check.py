"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(read('access_edge.log.1').strip() == 'GET / 200\nGET /favicon.ico 404', 'content differs')
    ok(not exists('access_edge.log'), 'old name still there')
    ok(lines(read('access_edge.log.2')) == ['GET /old 200'], 'access_edge.log.2 changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
