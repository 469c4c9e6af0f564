"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('not_found.txt'), 'requests') == 3, read('not_found.txt'))
    ok(lines(read('server/access.log')) == ['127.0.0.1 - - [22/Nov/2026:10:01:12] "GET / HTTP/1.1" 200 5120', '127.0.0.1 - - [22/Nov/2026:10:01:15] "GET /favicon.ico HTTP/1.1" 404 153', '127.0.0.1 - - [22/Nov/2026:10:02:40] "GET /about HTTP/1.1" 200 3311', '127.0.0.1 - - [22/Nov/2026:10:05:02] "POST /contact HTTP/1.1" 302 0', '127.0.0.1 - - [22/Nov/2026:10:07:19] "GET /old-gallery HTTP/1.1" 404 153', '127.0.0.1 - - [22/Nov/2026:10:09:55] "GET /gallery HTTP/1.1" 200 18873', '127.0.0.1 - - [22/Nov/2026:10:12:31] "GET /robots.txt HTTP/1.1" 404 153', '127.0.0.1 - - [22/Nov/2026:10:14:08] "GET /contact HTTP/1.1" 200 2650', '127.0.0.1 - - [22/Nov/2026:10:20:44] "GET /admin HTTP/1.1" 403 199'], 'server/access.log changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
