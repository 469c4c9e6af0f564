"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('certs/ca.pem.bak')) == ['-----BEGIN CERTIFICATE-----', 'MIIBszCCAVmgAwIBAgIUQ3w9', 'ZkT0bGlkYXRlZC1mYWtl', '-----END CERTIFICATE-----'], 'copy differs')
    ok(lines(read('certs/ca.pem')) == ['-----BEGIN CERTIFICATE-----', 'MIIBszCCAVmgAwIBAgIUQ3w9', 'ZkT0bGlkYXRlZC1mYWtl', '-----END CERTIFICATE-----'], 'certs/ca.pem changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
