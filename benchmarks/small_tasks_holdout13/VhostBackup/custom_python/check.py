"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(read('vhost_shop.conf.orig').strip() == 'server_name shop.example.net;\nlisten 443 ssl;\nroot /srv/shop;', 'copy differs')
    ok(lines(read('vhost_shop.conf')) == ['server_name shop.example.net;', 'listen 443 ssl;', 'root /srv/shop;'], 'vhost_shop.conf changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
