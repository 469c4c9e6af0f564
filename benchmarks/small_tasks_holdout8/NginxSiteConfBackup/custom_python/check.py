"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('srvconf/nginx/wiki.conf.bak'))
    ok(got == ['server {', 'listen 8137;', 'server_name wiki.lan;', 'root /srv/wiki/public;', 'client_max_body_size 16m;', '}'], got)
    ok(lines(read('srvconf/nginx/wiki.conf')) == ['server {', 'listen 8137;', 'server_name wiki.lan;', 'root /srv/wiki/public;', 'client_max_body_size 16m;', '}'], 'srvconf/nginx/wiki.conf changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
