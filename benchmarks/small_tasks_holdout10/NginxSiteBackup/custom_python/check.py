"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('nginx_site.conf.bak')) == ['server {', 'listen 80;', 'server_name shop.example.org;', 'root /srv/shop;', '}'], 'backup differs')
    ok(lines(read('nginx_site.conf')) == ['server {', 'listen 80;', 'server_name shop.example.org;', 'root /srv/shop;', '}'], 'nginx_site.conf changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
