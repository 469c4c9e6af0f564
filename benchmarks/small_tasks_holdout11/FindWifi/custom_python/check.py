"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('wifi_pw.txt')) == 'pinecone42', 'wrong value')
    ok(lines(read('cabin_info.md')) == ['# Cabin', 'checkout: 10am', 'wifi password: pinecone42', 'alarm code: 9911'], 'cabin_info.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
