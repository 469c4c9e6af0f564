"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('cert_expiry.txt')) == '2027-03-01', read('cert_expiry.txt'))
    ok(lines(read('cert_info.txt')) == ['Subject: shop.example.net', 'Issued: 2026-03-01', 'Expires: 2027-03-01', 'Renewal reminder: 2027-02-01'], 'cert_info.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
